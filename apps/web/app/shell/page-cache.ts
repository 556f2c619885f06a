/**
 * Who may keep a copy of a page (docs/decisions/0050), decided from what produced it: the routes that rendered
 * it and whom the root loader found — never from the request's cookies. The public pages are the same for
 * everyone but for the header's visitor part: rendered for nobody, shared caches (a CDN, the web's own page
 * cache) may keep them a short while — short, as a ticketing page says how many places remain.
 */

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=120';
export const PRIVATE_PAGE_CACHE = 'private, no-cache';

/** The routes (React Router ids) of the pages the same for everyone, with the layouts around them. */
export const SHARED_ROUTES: ReadonlySet<string> = new Set([
  ...[
    'root',
    'shell/default-layout.route',
    'catalogue/embed-layout.route',
    'catalogue/home.route',
    'catalogue/agenda.route',
    'search/search.route',
  ],
  ...['billetteries', 'billetteries-country', 'billetteries-year', 'billetteries-month', 'billetteries-day'],
  ...['billetteries-ticketing', 'catalogue/ticketing.route', 'catalogue/organizer.route', 'catalogue/performers.route'],
  ...['catalogue/performer.route', 'offers/offers.route', 'offers/offer-search.route', 'offers/offer.route'],
  ...['contests/contests.route', 'contests/contest-game.route', 'contests/contest-overview.route'],
  ...['contests/contest-ranking.route', 'magazine/magazine.route', 'magazine/article.route'],
  ...['legal/mentions-legales.route', 'legal/conditions-generales-de-vente.route'],
  ...['legal/politique-de-confidentialite.route', 'catalogue/embed-organizer.route', 'catalogue/embed-ticketing.route'],
]);

/**
 * Public pages whose loaders ask the API as the visitor when they have a session (a contest game knows whether
 * they took part, its ranking marks their row « Vous »): shared only among visitors without one.
 */
export const GUEST_ROUTES: ReadonlySet<string> = new Set(['contests/contest-game.route']);

/** Who may get the same copy of the page made by these routes (root first). */
export type SharedWith = 'nobody' | 'guests' | 'everyone';

export function sharedWith(routeIds: readonly string[]): SharedWith {
  if (routeIds.length < 2 || !routeIds.every((id) => SHARED_ROUTES.has(id))) return 'nobody';
  return routeIds.some((id) => GUEST_ROUTES.has(id)) ? 'guests' : 'everyone';
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
  /** The routes that rendered the page, root first. */
  routeIds: readonly string[];
  /** The root loader's data (undefined when it failed). */
  visitor: VisitorFound | undefined;
  headers: Headers;
};

/** The Cache-Control of an HTML page, or null to keep the one the route set. */
export function pageCacheControl({ method, status, routeIds, visitor, headers }: PageAnswer): string | null {
  if (headers.has('Cache-Control')) return null;
  const shareable =
    (method === 'GET' || method === 'HEAD') &&
    status === 200 &&
    sharedWith(routeIds) !== 'nobody' &&
    isAnonymousRendering(visitor) &&
    !headers.has('Set-Cookie');
  return shareable ? PUBLIC_PAGE_CACHE : PRIVATE_PAGE_CACHE;
}
