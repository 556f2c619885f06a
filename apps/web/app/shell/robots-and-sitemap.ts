/** What the site tells search engines: robots.txt and the site map's XML. */
import { SITEMAP_MAX_URLS } from '@guichet/contracts';

/** Private, transactional and embedded pages are not for search engines. */
export const DISALLOWED_PATHS = [
  '/account',
  '/cart',
  '/payment',
  '/download',
  '/auth',
  '/embed',
  '/forgot-password',
  '/survey',
] as const;

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A page of the site map: its path, and when its content last changed (an ISO instant or a calendar date), left
 * out when nothing says it truthfully (a listing, the home page: they change with the catalogue and the clock).
 */
export type SitemapUrl = { path: string; lastModified?: string | null };

/**
 * A urlset of the site's pages (each path once, the first wins, in order), made absolute with SITE_URL; a map
 * holds at most SITEMAP_MAX_URLS (past that it would have to become an index of several maps).
 */
export function sitemapXml(siteUrl: string, urls: readonly SitemapUrl[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { path, lastModified } of urls) {
    if (seen.has(path)) continue;
    seen.add(path);
    if (lines.length === SITEMAP_MAX_URLS) break;
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
    lines.push(`  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}
