import { describe, expect, it } from 'vitest';
import { PRIVATE_PAGE_CACHE, PUBLIC_PAGE_CACHE, pageCacheControl } from './page-cache';

const answer = (
  pathname: string,
  overrides: { cookieHeader?: string | null; status?: number; method?: string; headers?: HeadersInit } = {},
) =>
  pageCacheControl({
    method: overrides.method ?? 'GET',
    status: overrides.status ?? 200,
    pathname,
    cookieHeader: overrides.cookieHeader ?? null,
    headers: new Headers(overrides.headers),
  });

const PUBLIC_PAGES = [
  '/',
  '/billetteries',
  '/billetteries/france/2026/11',
  '/billetterie/les-nuits-electriques-1',
  '/agenda',
  '/artistes',
  '/artistes/4',
  '/bons-plans',
  '/bons-plans/search',
  '/bons-plans/offer/spa-3',
  '/organizer/2',
  '/embed/ticketing/1',
  '/magazine',
  '/magazine/dix-festivals',
  '/jeux-concours',
  '/jeux-concours/2',
  '/jeux-concours/2/ranking',
  '/mentions-legales',
];

describe('who may keep a copy of a page', () => {
  it('lets shared caches keep an anonymous visitor’s public pages a short while', () => {
    for (const path of PUBLIC_PAGES) expect(answer(path), path).toBe(PUBLIC_PAGE_CACHE);
    expect(PUBLIC_PAGE_CACHE).toMatch(/s-maxage=\d+/);
    expect(PUBLIC_PAGE_CACHE).toMatch(/stale-while-revalidate=\d+/);
  });

  it('never shares the page of a visitor with a session, a cart or a notice', () => {
    for (const cookieHeader of [
      'guichet_access=abc',
      'theme=clair; guichet_cart=xyz',
      '__Host-guichet_refresh=r',
      'guichet_notice=n',
      'guichet_after_login=%2Fcart',
    ])
      for (const path of PUBLIC_PAGES)
        expect(answer(path, { cookieHeader }), `${path} ${cookieHeader}`).toBe(PRIVATE_PAGE_CACHE);
    // Someone else's cookies (an analytics tool on the domain) change nothing.
    expect(answer('/', { cookieHeader: 'not_guichet_access=1; _ga=GA1' })).toBe(PUBLIC_PAGE_CACHE);
  });

  it('never shares a page that sets a cookie, an error, a form’s answer, or the private pages', () => {
    expect(answer('/billetterie/1', { headers: { 'Set-Cookie': 'guichet_cart=1' } })).toBe(PRIVATE_PAGE_CACHE);
    expect(answer('/billetterie/999', { status: 404 })).toBe(PRIVATE_PAGE_CACHE);
    expect(answer('/billetteries', { status: 503 })).toBe(PRIVATE_PAGE_CACHE);
    expect(answer('/bons-plans', { method: 'POST' })).toBe(PRIVATE_PAGE_CACHE);
    for (const path of [
      '/cart',
      '/account',
      '/auth/login',
      '/forgot-password',
      '/jeux-concours/2/participate',
      '/outbox',
    ])
      expect(answer(path), path).toBe(PRIVATE_PAGE_CACHE);
  });

  it('keeps what a route said itself (no-store on the payment page)', () => {
    expect(answer('/payment', { headers: { 'Cache-Control': 'no-store' } })).toBeNull();
  });
});
