import {
  ARTICLES_PAGE_SIZE,
  listArticles,
  listOrganizers,
  listPerformers,
  listTicketings,
  OFFERS_PAGE_SIZE,
  PERFORMERS_PAGE_SIZE,
  searchOffers,
  TICKETINGS_PAGE_SIZE,
} from '@guichet/contracts';
import { articlePath, CALENDAR_YEARS, COUNTRY_SLUGS, listingPath, offerPath, ticketingPath } from '@guichet/domain';
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

type Page<T> = { items: readonly T[]; pageSize: number; total: number };

/** Every page of a paged listing, as paths after `first`, up to the map's limit; a page not given is Unanswered. */
async function pagedPaths<T>(
  first: string[],
  pageOf: (page: number) => Promise<Page<T> | null>,
  pathOf: (item: T) => string,
): Promise<string[]> {
  const paths = [...first];
  for (let page = 1; paths.length < MAX_URLS; page += 1) {
    const answer = await pageOf(page);
    if (!answer) throw new Unanswered();
    paths.push(...answer.items.map(pathOf));
    if (page * answer.pageSize >= answer.total) break;
  }
  return paths;
}

/** Artists' pages (a preview section: listed only when it is on). */
function performerPaths(api: ApiDoor): Promise<string[]> {
  return pagedPaths(
    ['/artistes'],
    async (page) => {
      const answer = await api.send(listPerformers, { query: { page, pageSize: PERFORMERS_PAGE_SIZE.max } });
      return answer.status === 200 ? answer.body : null;
    },
    (performer) => `/artistes/${performer.id}`,
  );
}

/** The deals home and every deal on sale, through the search's pages (a preview section too). */
function offerPaths(api: ApiDoor): Promise<string[]> {
  return pagedPaths(
    ['/bons-plans'],
    async (page) => {
      const answer = await api.send(searchOffers, { query: { page, pageSize: OFFERS_PAGE_SIZE.max, sort: 'ending' } });
      return answer.status === 200 ? answer.body : null;
    },
    offerPath,
  );
}

/** Le Mag and every published article, newest first (a preview section too). */
function articlePaths(api: ApiDoor): Promise<string[]> {
  return pagedPaths(
    ['/magazine'],
    async (page) => {
      const answer = await api.send(listArticles, { query: { page, pageSize: ARTICLES_PAGE_SIZE.max } });
      return answer.status === 200 ? answer.body : null;
    },
    articlePath,
  );
}

async function organizerPaths(api: ApiDoor): Promise<string[]> {
  const answer = await api.send(listOrganizers, {});
  if (answer.status !== 200) throw new Unanswered();
  return answer.body.organizers.map((organizer) => `/organizer/${organizer.id}`);
}

/**
 * /sitemap.xml: the pages search engines should index — home, listings by country, the agenda, the legal pages, every
 * published ticketing's canonical URL, artists, deals and Le Mag's articles (preview sections) and organizers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const api = apiFor(request);
  let paths: string[];
  try {
    const [ticketings, performers, offers, articles, organizers] = await Promise.all([
      ticketingPaths(api),
      serverEnv.PREVIEW_FEATURES ? performerPaths(api) : Promise.resolve([]),
      serverEnv.PREVIEW_FEATURES ? offerPaths(api) : Promise.resolve([]),
      serverEnv.PREVIEW_FEATURES ? articlePaths(api) : Promise.resolve([]),
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
      ...offers,
      ...articles,
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
