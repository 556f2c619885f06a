import {
  listOrganizers,
  listPerformers,
  listTicketings,
  PERFORMERS_PAGE_SIZE,
  TICKETINGS_PAGE_SIZE,
} from '@guichet/contracts';
import { CALENDAR_YEARS, COUNTRY_SLUGS, listingPath, ticketingPath } from '@guichet/domain';
import { LEGAL_PAGE_LIST } from '../lib/legal-pages';
import { SITEMAP_MAX_URLS as MAX_URLS, sitemapXml } from '../lib/robots-and-sitemap';
import { type ApiDoor, apiFor, unavailableText } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/sitemap';

/** A listing the API could not give: the site map is answered 503 rather than incomplete. */
class Unanswered extends Error {}

/** Every published ticketing's page, past ones included (they stay online), following the keyset cursor. */
async function ticketingPaths(api: ApiDoor): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | undefined;
  do {
    const answer = await api.send(listTicketings, {
      // `from` the site's first year: every published ticketing, not only those still to come.
      query: { from: `${CALENDAR_YEARS.first}-01-01`, limit: TICKETINGS_PAGE_SIZE.max, ...(cursor ? { cursor } : {}) },
    });
    if (answer.status !== 200) throw new Unanswered();
    paths.push(...answer.body.items.map(ticketingPath));
    cursor = answer.body.nextCursor ?? undefined;
  } while (cursor && paths.length < MAX_URLS);
  return paths;
}

/** Artists' pages (a preview section: listed only when it is on). */
async function performerPaths(api: ApiDoor): Promise<string[]> {
  const paths = ['/artistes'];
  for (let page = 1; paths.length < MAX_URLS; page += 1) {
    const answer = await api.send(listPerformers, { query: { page, pageSize: PERFORMERS_PAGE_SIZE.max } });
    if (answer.status !== 200) throw new Unanswered();
    paths.push(...answer.body.items.map((performer) => `/artistes/${performer.id}`));
    if (page * answer.body.pageSize >= answer.body.total) break;
  }
  return paths;
}

async function organizerPaths(api: ApiDoor): Promise<string[]> {
  const answer = await api.send(listOrganizers, {});
  if (answer.status !== 200) throw new Unanswered();
  return answer.body.organizers.map((organizer) => `/organizer/${organizer.id}`);
}

/**
 * /sitemap.xml: the pages search engines should index — home, listings by country, the agenda, the legal pages, every
 * published ticketing's canonical URL, artists (preview) and organizers. Deals (/bons-plans) and magazine
 * articles (/magazine) have no API yet: add them here when their issues give them one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const api = apiFor(request);
  let paths: string[];
  try {
    const [ticketings, performers, organizers] = await Promise.all([
      ticketingPaths(api),
      serverEnv.PREVIEW_FEATURES ? performerPaths(api) : Promise.resolve([]),
      organizerPaths(api),
    ]);
    paths = [
      '/',
      listingPath({ country: null }),
      ...COUNTRY_SLUGS.map((country) => listingPath({ country })),
      '/agenda',
      ...LEGAL_PAGE_LIST.map((page) => page.path),
      ...ticketings,
      ...performers,
      ...organizers,
    ];
  } catch (error) {
    if (!(error instanceof Unanswered)) throw error;
    return unavailableText();
  }
  const xml = sitemapXml(serverEnv.SITE_URL, paths);
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
