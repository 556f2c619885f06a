/**
 * Redirect lookup for every document request and client navigation (spec section 2), with no call to the
 * API for it: the web process keeps the whole redirect table in memory (`GET /redirects/table`) and fetches
 * it again in the background as soon as the API's data version changes (the redirect table bumps it: migration
 * 0013) — so a redirect saved in the back office is followed within the data-version poll (DATA_VERSION_POLL_MS,
 * a second) — and every half-minute anyway (a process without the version's watcher: `react-router dev`). No
 * visitor ever waits for it but the very first one, when the table is not there yet. A failing API means
 * "no redirect" (the page itself must still answer), asked again a few seconds later.
 */
import { listRedirects, type RedirectAnswer } from '@guichet/contracts';
import { apiFor } from '../lib/server/api.server';

export const REFRESH_MS = 30_000;
const RETRY_MS = 5_000;

let table: ReadonlyMap<string, RedirectAnswer> | null = null;
/** When the next fetch is due (a failed fetch tries again sooner than a refresh). */
let dueAt = 0;
let fetching: Promise<void> | null = null;
/** The API's data version as the server around the app reads it (site.mjs), and the one the table was asked under. */
let dataVersion: () => string | null = () => null;
let tableVersion: string | null = null;

/**
 * Ties the table to the API's data version (site.mjs gives its watcher's `current`): a new version fetches the
 * table again at the next lookup.
 */
export function followDataVersion(current: () => string | null) {
  dataVersion = current;
}

/** Paths compare without a trailing slash, as the API stores them. */
function cacheKey(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

function fetchTable(request: Request, now: number, version: string | null): Promise<void> {
  if (fetching) return fetching;
  // Asked under this version: a change saved while the table is on its way bumps it again, and is fetched next.
  tableVersion = version;
  fetching = (async () => {
    // No visitor token: redirects are public, one table serves everyone.
    const answer = await apiFor(request).send(listRedirects, {});
    if (answer.status === 200) {
      table = new Map(answer.body.redirects.map((redirect) => [redirect.source, redirect]));
      dueAt = now + REFRESH_MS;
    } else dueAt = now + RETRY_MS;
  })()
    // Never a rejection: a refresh runs in the background, where nobody would catch it.
    .catch(() => {
      dueAt = now + RETRY_MS;
    })
    .finally(() => {
      fetching = null;
    });
  return fetching;
}

export async function findRedirect(request: Request, now = Date.now()): Promise<RedirectAnswer | null> {
  const version = dataVersion();
  // A failed fetch marks its version as asked: the next try waits for RETRY_MS, not for the next request.
  if (now >= dueAt || (version !== null && version !== tableVersion && !fetching)) {
    const fetched = fetchTable(request, now, version);
    // Only the first request waits; later ones use the table they have while it is fetched again.
    if (!table) await fetched;
  }
  return table?.get(cacheKey(new URL(request.url).pathname)) ?? null;
}

/** Where to send the visitor: an absolute URL as is; an internal path keeps the query it came with. */
export function redirectLocation(redirect: RedirectAnswer, requestUrl: URL): string {
  if (/^https?:\/\//i.test(redirect.target)) return redirect.target;
  return redirect.target.includes('?') ? redirect.target : `${redirect.target}${requestUrl.search}`;
}

/** Forgets the table (tests): the next lookup fetches it. */
export function clearRedirectCache() {
  table = null;
  dueAt = 0;
  tableVersion = null;
  dataVersion = () => null;
}
