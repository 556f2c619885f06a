import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieSecurity } from './cookies.server';

describe('cookieSecurity', () => {
  it('makes cookies Secure over https and in production, with __Host- names in production', () => {
    expect(cookieSecurity('production', 'http://localhost:3000')).toEqual({ secure: true, prefix: '__Host-' });
    expect(cookieSecurity('production', 'https://www.guichet.example')).toEqual({ secure: true, prefix: '__Host-' });
    expect(cookieSecurity('development', 'https://www.guichet.example')).toEqual({ secure: true, prefix: '' });
    expect(cookieSecurity('development', 'http://localhost:3000')).toEqual({ secure: false, prefix: '' });
    expect(cookieSecurity('test', 'http://localhost:3000')).toEqual({ secure: false, prefix: '' });
  });
});

/** The Set-Cookie value of every cookie the site sets, read from modules loaded under `env`. */
async function everySiteCookie(env: Record<string, string>): Promise<Record<string, string>> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const session = await import('./session.server');
  const { noticeHeaders } = await import('./notice.server');
  const { cartCookie } = await import('../../cart/cart-cookie.server');
  return {
    access: await session.accessTokenCookie.serialize('a'),
    refresh: await session.refreshTokenCookie.serialize('r'),
    afterLogin: await session.redirectAfterLoginCookie.serialize('/account'),
    notice: (await noticeHeaders('Enregistré.', 'success')).get('Set-Cookie') ?? '',
    cart: await cartCookie.serialize({ cartItems: [] }),
  };
}

describe('the cookies the site sets', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('are all httpOnly, SameSite=Lax, for the whole site, Secure with __Host- names in production', async () => {
    const cookies = await everySiteCookie({
      NODE_ENV: 'production',
      SITE_URL: 'https://www.guichet.example',
      // Production requires the public token (no default in the code).
      PUBLIC_API_TOKEN: 'un-jeton-public-de-test-assez-long',
    });
    for (const [name, cookie] of Object.entries(cookies)) {
      expect(cookie, name).toMatch(/^__Host-guichet_/);
      for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure'])
        expect(cookie, name).toContain(attribute);
      expect(cookie, name).not.toContain('Domain=');
    }
  });

  it('are all Secure on an https site outside production, none on the http development site', async () => {
    for (const cookie of Object.values(
      await everySiteCookie({ NODE_ENV: 'development', SITE_URL: 'https://x.example' }),
    ))
      expect(cookie).toContain('Secure');
    vi.resetModules();
    for (const cookie of Object.values(
      await everySiteCookie({ NODE_ENV: 'development', SITE_URL: 'http://localhost:3000' }),
    ))
      expect(cookie).not.toContain('Secure');
  });

  it('keep their own lifetimes', async () => {
    const cookies = await everySiteCookie({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000' });
    expect(cookies.access).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookies.refresh).toContain(`Max-Age=${90 * 24 * 60 * 60}`);
    expect(cookies.afterLogin).toContain('Max-Age=3600');
    expect(cookies.notice).toContain('Max-Age=60');
    expect(cookies.cart).toContain('Max-Age=172800');
  });
});
