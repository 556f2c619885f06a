import { HOME_LINK } from './constants.js';

/** The brand, first word of every page title's suffix. */
export const BRAND = 'Guichet';

/** The sites served under one domain; each has its own title suffix and home link. */
export type SiteSection = 'billetterie' | 'bons-plans' | 'jeux-concours' | 'magazine';

export const SITE_SECTIONS: Readonly<Record<SiteSection, { readonly title: string; readonly home: string }>> = {
  billetterie: { title: 'Billetterie', home: HOME_LINK },
  'bons-plans': { title: 'Bons plans', home: '/bons-plans' },
  'jeux-concours': { title: 'Jeux-concours', home: '/jeux-concours' },
  magazine: { title: 'Le Mag', home: '/magazine' },
};

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Which site a path belongs to: everything that is not deals, contests or the magazine is ticketing. */
export function sectionFor(pathname: string): SiteSection {
  if (isUnder(pathname, '/bons-plans')) return 'bons-plans';
  if (isUnder(pathname, '/jeux-concours')) return 'jeux-concours';
  if (isUnder(pathname, '/magazine')) return 'magazine';
  return 'billetterie';
}

/** 'Billetterie', 'Bons plans', 'Jeux-concours' or 'Le Mag'. */
export function siteTitleFor(pathname: string): string {
  return SITE_SECTIONS[sectionFor(pathname)].title;
}

/** Where the logo leads: the home of the current site ('/' for ticketing pages). */
export function homeLinkFor(pathname: string): string {
  return SITE_SECTIONS[sectionFor(pathname)].home;
}

/** '{title} | {brand} {site title}', e.g. 'Agenda des événements | Guichet Billetterie'. */
export function formatPageTitle(title: string, pathname: string, section: SiteSection = sectionFor(pathname)): string {
  return `${title} | ${BRAND} ${SITE_SECTIONS[section].title}`;
}

/**
 * Customer-works-council (CSE) mode: the page query has type=CSE or a cseID.
 * Takes anything with a URLSearchParams-like get(), so it runs in the browser and on the server.
 */
export function isCseMode(query: { get(name: string): string | null }): boolean {
  const cseID = query.get('cseID');
  return query.get('type') === 'CSE' || (cseID !== null && cseID !== '');
}

/** The query parameters that keep a visitor in the CSE journey. */
export const CSE_QUERY_KEYS = ['type', 'cseID'] as const;

/**
 * An internal link that keeps the CSE journey: when the current query is in CSE mode, its `type` and
 * `cseID` are added to the target (unless the target sets them itself). External links and other
 * visitors' links are returned unchanged.
 */
export function withCseQuery(to: string, current: { get(name: string): string | null }): string {
  if (!isCseMode(current) || !to.startsWith('/') || to.startsWith('//')) return to;
  const hashIndex = to.indexOf('#');
  const hash = hashIndex >= 0 ? to.slice(hashIndex) : '';
  const withoutHash = hashIndex >= 0 ? to.slice(0, hashIndex) : to;
  const [path = '/', search = ''] = withoutHash.split('?', 2);
  const query = new URLSearchParams(search);
  for (const key of CSE_QUERY_KEYS) {
    const value = current.get(key);
    if (value && !query.has(key)) query.set(key, value);
  }
  const encoded = query.toString();
  return `${path}${encoded ? `?${encoded}` : ''}${hash}`;
}

/** Sections the spec shows only in development: 404 when PREVIEW_FEATURES=false. */
export const PREVIEW_SECTIONS = [
  '/artistes',
  '/jeux-concours',
  '/bons-plans',
  '/magazine',
  // The site search, whose results lead to artists and deals.
  '/recherche',
  '/styleguide',
  // The development mail outbox (password-reset links of a demo site).
  '/outbox',
] as const;

export function isPreviewPath(pathname: string): boolean {
  return PREVIEW_SECTIONS.some((section) => pathname === section || pathname.startsWith(`${section}/`));
}

/**
 * The pro site's (apps/pro) paths that are named elsewhere too: its route table declares them, the public
 * header's « Ouvrir une billetterie » leads to the sign-up page.
 */
export const PRO_PATHS = { home: '/', login: '/connexion', signup: '/inscription' } as const;
