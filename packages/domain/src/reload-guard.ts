import { RELOAD_GUARD_MS } from './constants.js';

/** Where the last reload time of each path is kept (the browser's sessionStorage). */
export type ReloadLog = { getItem(key: string): string | null; setItem(key: string, value: string): void };

const keyFor = (path: string) => `guichet:chunk-reload:${path}`;

/**
 * After a failed chunk load the page reloads, at most once per 10 seconds per path: a second failure
 * within that time shows the error instead of reloading in a loop. Records the reload when it allows one.
 */
export function claimChunkReload(path: string, now: number, log: ReloadLog): boolean {
  const stored = log.getItem(keyFor(path));
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  log.setItem(keyFor(path), String(now));
  return true;
}

/** Messages browsers give when a lazily loaded module (a chunk) cannot be fetched, e.g. after a deploy. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}
