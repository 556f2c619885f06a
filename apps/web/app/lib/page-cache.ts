/**
 * Who may keep a copy of a page. An anonymous visitor's public page (home, listings, a ticketing, a deal,
 * artists, the agenda, Le Mag, the legal pages, embeds) is the same for everyone: shared caches (a CDN, a
 * reverse proxy) may serve it for a short while and refresh it in the background. A page for a visitor with
 * any cookie of ours (session, cart, a notice, the page to come back to) shows their name or their cart
 * count: it is theirs alone, kept by no shared cache and checked again by the browser.
 *
 * Short lifetimes on purpose: a ticketing page says how many places remain, and the checkout — guarded in
 * SQL — is the only judge of what is left. A cached page keeps the nonce of its first rendering, the same
 * for everyone who gets that copy; its inline scripts are still only ours.
 */

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=120';
export const PRIVATE_PAGE_CACHE = 'private, no-cache';

/** The pages whose content does not depend on who asks (when nobody is logged in). */
const PUBLIC_PAGE =
  /^\/(?:$|billetteries(?:\/|$)|billetterie\/|agenda$|artistes(?:\/|$)|bons-plans(?:\/|$)|organizer\/|embed\/|magazine(?:\/|$)|recherche$|jeux-concours(?:\/\d+(?:\/(?:overview|ranking))?)?$|mentions-legales$|conditions-generales-de-vente$|politique-de-confidentialite$)/;

/** Any cookie the site sets: all are named guichet_…, with the __Host- prefix in production. */
const OUR_COOKIE = /(?:^|;\s*)(?:__Host-)?guichet_[a-z_]+=/;

export type PageAnswer = {
  method: string;
  status: number;
  pathname: string;
  cookieHeader: string | null;
  /** What the page's own headers already say (a no-store payment page, a cookie being set). */
  headers: Headers;
};

/** The Cache-Control of an HTML page, or null to keep the one the route set. */
export function pageCacheControl({ method, status, pathname, cookieHeader, headers }: PageAnswer): string | null {
  if (headers.has('Cache-Control')) return null;
  const anonymous = !OUR_COOKIE.test(cookieHeader ?? '') && !headers.has('Set-Cookie');
  const shareable = (method === 'GET' || method === 'HEAD') && status === 200 && PUBLIC_PAGE.test(pathname);
  return anonymous && shareable ? PUBLIC_PAGE_CACHE : PRIVATE_PAGE_CACHE;
}
