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
    const xml = sitemapXml('https://www.guichet.fr', [
      { path: '/' },
      { path: '/billetteries' },
      { path: '/' },
      { path: '/x?a=1&b=2' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<loc>/g)?.length).toBe(3);
    expect(xml).toContain('<loc>https://www.guichet.fr/billetteries</loc>');
    expect(xml).toContain('<loc>https://www.guichet.fr/x?a=1&amp;b=2</loc>');
  });

  it('gives a page its lastmod when one is known, and none otherwise', () => {
    const xml = sitemapXml('https://www.guichet.fr', [
      { path: '/billetteries/france' },
      { path: '/billetterie/les-nuits-electriques-1', lastModified: '2026-11-20T09:15:00.000Z' },
      { path: '/mentions-legales', lastModified: '2026-11-23' },
      { path: '/agenda', lastModified: null },
    ]);
    expect(xml).toContain(
      '  <url><loc>https://www.guichet.fr/billetterie/les-nuits-electriques-1</loc><lastmod>2026-11-20T09:15:00.000Z</lastmod></url>',
    );
    expect(xml).toContain(
      '  <url><loc>https://www.guichet.fr/mentions-legales</loc><lastmod>2026-11-23</lastmod></url>',
    );
    expect(xml).toContain('  <url><loc>https://www.guichet.fr/billetteries/france</loc></url>');
    expect(xml).toContain('  <url><loc>https://www.guichet.fr/agenda</loc></url>');
  });

  it('keeps the first occurrence of a path, with its date, and stops at 50 000 URLs', () => {
    const xml = sitemapXml('https://g.fr', [
      { path: '/a', lastModified: '2026-01-01' },
      { path: '/a', lastModified: '2026-02-02' },
      ...Array.from({ length: 50_010 }, (_, index) => ({ path: `/p${index}` })),
    ]);
    expect(xml).toContain('<loc>https://g.fr/a</loc><lastmod>2026-01-01</lastmod>');
    expect(xml).not.toContain('2026-02-02');
    expect(xml.match(/<url>/g)?.length).toBe(50_000);
  });
});
