/**
 * Protection of cookie-authenticated form posts against cross-site requests. Browsers tell where a
 * request comes from (Fetch Metadata's Sec-Fetch-Site; else Origin; else Referer): any state-changing
 * request that is not from this site is refused, before any action runs. Shared by the public site and the
 * pro site (each passes its own address): a post from one to the other is cross-site too, since each site's
 * cookies are its own.
 */
/** Methods that change nothing: no origin check, no body read. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteRequest(request: Request, siteUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const ownOrigins = new Set([new URL(request.url).origin, new URL(siteUrl).origin]);

  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';

  const origin = request.headers.get('origin');
  if (origin) return !ownOrigins.has(origin);

  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return !ownOrigins.has(new URL(referer).origin);
    } catch {
      return true;
    }
  }
  // A browser always says where a cross-site post comes from; a request that says nothing is refused.
  return true;
}
