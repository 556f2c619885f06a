// Types of visuals.mjs, for the web's TypeScript (which does not read JavaScript).
export const VISUALS_DIR: string;
export const VERSION_MODULE: string;
export const PUBLISHED_DIR: string;
export function visualsVersion(folder?: string): string;
export function versionModule(version: string): string;
export function publishVisuals(): string;
