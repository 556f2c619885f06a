import { getSitemapEntries } from '@guichet/contracts';
import { articlePath, COUNTRY_SLUGS, LEGAL_ENTITY, listingPath, offerPath, ticketingPath } from '@guichet/domain';
import { LEGAL_PAGE_LIST } from '../legal/legal-pages';
import { apiFor, unavailableText } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/sitemap.route';
import { type SitemapUrl, sitemapXml } from './robots-and-sitemap';

/**
 * /sitemap.xml: the pages search engines should index — home, listings by country, the agenda, the legal pages, every
 * published ticketing's canonical URL, artists, deals and Le Mag's articles (preview sections) and organizers —
 * in one call to the API. A page backed by a row says when that row last changed (`lastmod`), the legal pages
 * the date of their text; listings and the home page, which change with the catalogue and the clock, say
 * nothing (docs/decisions/0029). The API not answering is a 503 rather than an incomplete map.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await apiFor(request).send(getSitemapEntries, {});
  if (answer.status !== 200) return unavailableText();
  const { ticketings, organizers, performers, offers, articles } = answer.body;
  const preview = serverEnv.PREVIEW_FEATURES;
  const urls: SitemapUrl[] = [
    { path: '/' },
    { path: listingPath({ country: null }) },
    ...COUNTRY_SLUGS.map((country) => ({ path: listingPath({ country }) })),
    { path: '/agenda' },
    ...LEGAL_PAGE_LIST.map((page) => ({ path: page.path, lastModified: LEGAL_ENTITY.updatedOn })),
    ...ticketings.map((ticketing) => ({ path: ticketingPath(ticketing), lastModified: ticketing.lastModified })),
    ...(preview
      ? [
          { path: '/artistes' },
          ...performers.map((performer) => ({
            path: `/artistes/${performer.id}`,
            lastModified: performer.lastModified,
          })),
          { path: '/bons-plans' },
          ...offers.map((offer) => ({ path: offerPath(offer), lastModified: offer.lastModified })),
          { path: '/magazine' },
          ...articles.map((article) => ({ path: articlePath(article), lastModified: article.lastModified })),
        ]
      : []),
    ...organizers.map((organizer) => ({ path: `/organizer/${organizer.id}`, lastModified: organizer.lastModified })),
  ];
  return new Response(sitemapXml(serverEnv.SITE_URL, urls), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
