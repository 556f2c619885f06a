import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './robots-and-sitemap';

describe('robots.txt', () => {
  it('keeps crawlers out of private and embedded pages and points to the site map', () => {
    const text = robotsTxt('https://www.guichet.fr');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    for (const path of ['/account', '/cart', '/payment', '/download', '/auth', '/embed']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain('Sitemap: https://www.guichet.fr/sitemap.xml');
  });
});

describe('sitemapXml', () => {
  it('lists absolute URLs once each, escaped', () => {
    const xml = sitemapXml('https://www.guichet.fr', ['/', '/billetteries', '/', '/x?a=1&b=2']);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<loc>/g)?.length).toBe(3);
    expect(xml).toContain('<loc>https://www.guichet.fr/billetteries</loc>');
    expect(xml).toContain('<loc>https://www.guichet.fr/x?a=1&amp;b=2</loc>');
  });
});
