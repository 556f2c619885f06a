import { describe, expect, it } from 'vitest';
import { cookieSecurity, proCookie } from './cookies.server';
import { isAccessTokenLive, proAccessTokenCookie, proRefreshTokenCookie, resolveProSession } from './session.server';

/** A JWT whose payload says `exp`; the signature is the API's business. */
const token = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('the pro session cookies', () => {
  it('have names of their own, for the pro origin only, httpOnly and SameSite=Lax', async () => {
    const access = await proAccessTokenCookie.serialize('jeton');
    expect(access).toMatch(/^guichet_pro_access=/);
    expect(await proRefreshTokenCookie.serialize('jeton')).toMatch(/^guichet_pro_refresh=/);
    expect(access).toContain('HttpOnly');
    expect(access).toContain('SameSite=Lax');
    expect(access).toContain('Path=/');
    expect(access).not.toMatch(/Domain=/i);
    // The spec's lifetimes: 30 days for the access token's cookie.
    expect(access).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
  });

  it('are Secure over https and in production, with the __Host- prefix in production', async () => {
    expect(cookieSecurity('development', 'http://localhost:3001')).toEqual({ secure: false, prefix: '' });
    expect(cookieSecurity('development', 'https://pro.guichet.fr')).toEqual({ secure: true, prefix: '' });
    const production = cookieSecurity('production', 'https://pro.guichet.fr');
    expect(production).toEqual({ secure: true, prefix: '__Host-' });
    const cookie = await proCookie('guichet_pro_access', 60, production).serialize('jeton');
    expect(cookie).toMatch(/^__Host-guichet_pro_access=.*; Secure/);
  });
});

describe('resolveProSession', () => {
  const withCookies = (cookie: string) => new Request('http://localhost:3001/', { headers: { cookie } });

  it('signs in from the pro cookies', async () => {
    const access = await proAccessTokenCookie.serialize(token(inAnHour()));
    const session = await resolveProSession(withCookies(access.split(';')[0] ?? ''));
    expect(session.signedIn).toBe(true);
  });

  it('never opens with the public site’s session', async () => {
    const session = await resolveProSession(withCookies(`guichet_access=${token(inAnHour())}`));
    expect(session.signedIn).toBe(false);
  });

  it('reads an expired access token as signed out, keeping the refresh token', async () => {
    const access = (await proAccessTokenCookie.serialize(token(1))).split(';')[0];
    const refresh = (await proRefreshTokenCookie.serialize('rafraichir')).split(';')[0];
    const session = await resolveProSession(withCookies(`${access}; ${refresh}`));
    expect(session.signedIn).toBe(false);
    expect(session.refreshToken).toBe('rafraichir');
    expect(isAccessTokenLive('pas-un-jwt')).toBe(false);
  });

  it('writes both cookies on sign-in and clears them on sign-out', async () => {
    const session = await resolveProSession(withCookies(''));
    await session.commit({ accessToken: token(inAnHour()), refreshToken: 'r' });
    expect(session.signedIn).toBe(true);
    expect(session.cookies).toHaveLength(2);
    await session.destroy();
    expect(session.signedIn).toBe(false);
    expect(session.cookies.every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
  });
});

describe('a tampered cookie', () => {
  it('reads as no token at all, never a failure of the page', async () => {
    const request = new Request('http://localhost:3001/', {
      headers: { cookie: 'guichet_pro_access=eA; guichet_pro_refresh=MQ' },
    });
    const session = await resolveProSession(request);
    expect(session.signedIn).toBe(false);
    expect(session.refreshToken).toBeNull();
  });
});
