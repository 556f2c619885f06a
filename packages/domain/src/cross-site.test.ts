import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './cross-site.js';

const SITE = 'https://www.guichet.example';
const post = (headers: Record<string, string>) =>
  new Request('https://www.guichet.example/auth/login', { method: 'POST', headers });

describe('isCrossSiteRequest', () => {
  it('lets reads through whatever their origin', () => {
    const request = new Request('https://www.guichet.example/', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(isCrossSiteRequest(request, SITE)).toBe(false);
  });

  it('trusts Fetch Metadata first', () => {
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'same-origin' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'none' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'cross-site' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'same-site', origin: SITE }), SITE)).toBe(true);
  });

  it('falls back on Origin, then Referer', () => {
    expect(isCrossSiteRequest(post({ origin: SITE }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ origin: 'https://evil.example' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(post({ referer: `${SITE}/auth/login` }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ referer: 'https://evil.example/page' }), SITE)).toBe(true);
  });

  it('refuses a post that says nothing of where it comes from', () => {
    expect(isCrossSiteRequest(post({}), SITE)).toBe(true);
  });

  it('accepts the public site URL when the server sees another host (behind a proxy)', () => {
    const request = new Request('http://127.0.0.1:3000/auth/login', { method: 'POST', headers: { origin: SITE } });
    expect(isCrossSiteRequest(request, SITE)).toBe(false);
  });
});
