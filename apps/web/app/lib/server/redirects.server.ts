/**
 * Redirect lookup for every document request and client navigation (spec section 2), cached in this web
 * process for a minute so a hot path costs no round-trip to the API. A failing API means "no redirect":
 * the page itself must still answer.
 */
import { lookupRedirect, type RedirectAnswer } from '@guichet/contracts';
import { apiFor } from './api.server';

const CACHE_TTL_MS = 60_000;
const FAILURE_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

type Entry = { redirect: RedirectAnswer | null; expiresAt: number };
const cache = new Map<string, Entry>();

/** Paths compare without a trailing slash, as the API stores them. */
function cacheKey(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export async function findRedirect(request: Request, now = Date.now()): Promise<RedirectAnswer | null> {
  const key = cacheKey(new URL(request.url).pathname);
  const cached = cache.get(key);
  if (cached && cached.expiresAt > now) return cached.redirect;

  // No visitor token here: redirects are public, so one cached answer serves everyone. An API that cannot
  // answer is asked again a little sooner.
  const answer = await apiFor(request).send(lookupRedirect, { query: { path: key } });
  const entry: Entry =
    answer.status === 503
      ? { redirect: null, expiresAt: now + FAILURE_TTL_MS }
      : { redirect: answer.status === 200 ? answer.body : null, expiresAt: now + CACHE_TTL_MS };
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, entry);
  return entry.redirect;
}

/** Where to send the visitor: an absolute URL as is; an internal path keeps the query it came with. */
export function redirectLocation(redirect: RedirectAnswer, requestUrl: URL): string {
  if (/^https?:\/\//i.test(redirect.target)) return redirect.target;
  return redirect.target.includes('?') ? redirect.target : `${redirect.target}${requestUrl.search}`;
}

export function clearRedirectCache() {
  cache.clear();
}
