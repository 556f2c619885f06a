/** What the site tells search engines: robots.txt and the site map's XML. */

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

/** A site map holds at most 50 000 URLs; past that it must become an index of several maps. */
export const SITEMAP_MAX_URLS = 50_000;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A urlset of the site's paths (each once, in order), made absolute with SITE_URL. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = [...new Set(paths)]
    .slice(0, SITEMAP_MAX_URLS)
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
