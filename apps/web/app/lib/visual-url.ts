import { VISUALS_VERSION } from './visuals-version';

const STABLE = '/visuals/';

/**
 * The address a page asks for a visual at. The demo catalogue's own visuals (`/visuals/…`, as the API and the
 * social metadata name them) are, in the built site, also served under a versioned name that browsers may keep
 * for a year (`/assets/visuals/<hash of the folder>/…`, published by scripts/publish-visuals.mjs after the
 * build); any other address is left as it is. The development server serves public/ as it is: stable names.
 */
export function visualSrc(url: string, versioned: boolean = import.meta.env.PROD): string {
  if (!versioned || !url.startsWith(STABLE) || url.includes('..')) return url;
  return `/assets/visuals/${VISUALS_VERSION}/${url.slice(STABLE.length)}`;
}
