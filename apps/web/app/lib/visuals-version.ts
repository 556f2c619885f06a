// Written by scripts/generate-visuals.mjs (scripts/lib/visuals.mjs): do not edit.
/** Hash of apps/web/public/visuals/: the folder of /assets/visuals/ the built site serves them from. */
export const VISUALS_VERSION = 'c18ebbfd7f';
