/**
 * Who may keep a copy of a page (docs/decisions/0050), decided from what produced it: the routes that rendered
 * the page and what the root loader found of the visitor — never from guessing at the request's cookies.
 *
 * The public pages (home, listings, a ticketing, artists, organizers, deals, contests, Le Mag, the agenda, the
 * search, the legal pages, embeds) are the same for everyone but for the header's visitor part (login label,
 * cart count): rendered for nobody, they may be kept by shared caches (a CDN, a reverse proxy, the web's own
 * page cache) a short while. A page rendered for a visitor with a session, a cart or a notice is theirs alone.
 * Short lifetimes on purpose: a ticketing page says how many places remain, and the checkout — guarded in
 * SQL — is the only judge of what is left.
 */

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=120';
export const PRIVATE_PAGE_CACHE = 'private, no-cache';

/** The routes (React Router ids) of the pages the same for everyone, with the layouts around them. */
export const SHARED_ROUTES: ReadonlySet<string> = new Set([
  'root',
  'routes/layouts/default',
  'routes/layouts/embed',
  'routes/home',
  'routes/agenda',
  'routes/artistes/index',
  'routes/artistes/performer',
  'routes/bons-plans/index',
  'routes/bons-plans/search',
  'routes/bons-plans/offer',
  'billetteries',
  'billetteries-country',
  'billetteries-year',
  'billetteries-month',
  'billetteries-day',
  'billetteries-ticketing',
  'routes/billetterie',
  'routes/recherche',
  'routes/organizer',
  'routes/legal/mentions-legales',
  'routes/legal/conditions-generales-de-vente',
  'routes/legal/politique-de-confidentialite',
  'routes/jeux-concours/index',
  'routes/jeux-concours/game',
  'routes/jeux-concours/overview',
  'routes/jeux-concours/ranking',
  'routes/magazine/index',
  'routes/magazine/article',
  'routes/embed/organizer',
  'routes/embed/ticketing',
]);

/** Whether the page made by these routes (root first) is one of the public pages. */
export function isSharedPage(routeIds: readonly string[]): boolean {
  return routeIds.length > 1 && routeIds.every((id) => SHARED_ROUTES.has(id));
}

/** What the root loader found of the visitor (see root.tsx). */
export type VisitorFound = {
  user: unknown;
  cartCount: number;
  notice: unknown;
  cartFromAccount: readonly number[];
};

/** Nobody: no session, nothing in the cart, no notice — the page shows nothing of anyone. */
export function isAnonymousRendering(found: VisitorFound | undefined): boolean {
  return (
    Boolean(found) && !found?.user && found?.cartCount === 0 && !found.notice && found.cartFromAccount.length === 0
  );
}

export type PageAnswer = {
  method: string;
  status: number;
  /** The ids of the routes that rendered the page, root first. */
  routeIds: readonly string[];
  /** The root loader's data (undefined when it failed). */
  visitor: VisitorFound | undefined;
  /** What the page's own headers already say (a no-store payment page, a cookie being set). */
  headers: Headers;
};

/** The Cache-Control of an HTML page, or null to keep the one the route set. */
export function pageCacheControl({ method, status, routeIds, visitor, headers }: PageAnswer): string | null {
  if (headers.has('Cache-Control')) return null;
  const shareable =
    (method === 'GET' || method === 'HEAD') &&
    status === 200 &&
    isSharedPage(routeIds) &&
    isAnonymousRendering(visitor) &&
    !headers.has('Set-Cookie');
  return shareable ? PUBLIC_PAGE_CACHE : PRIVATE_PAGE_CACHE;
}
