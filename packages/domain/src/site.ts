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
