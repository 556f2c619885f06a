import { createContext, RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  cookieSecurity,
  httpOnlyCookie,
  type Refresh,
  resolveTokenSession,
  type SessionCookies,
  siteDoor,
  TokenSession,
} from './site-session.server';

const security = cookieSecurity('test', 'http://localhost:3000');
const jar: SessionCookies = {
  access: httpOnlyCookie('site_access', 60, security),
  refresh: httpOnlyCookie('site_refresh', 60, security),
};
const open = (access: string | null, refresh: string | null) => new TokenSession(jar, access, refresh);

/** A JWT whose payload says `exp`; the signature is the API's business. */
const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const expired = jwt(1);

async function requestWith(access: string | null, refresh: string | null) {
  const pairs = [
    access === null ? null : (await jar.access.serialize(access)).split(';')[0],
    refresh === null ? null : (await jar.refresh.serialize(refresh)).split(';')[0],
  ].filter(Boolean);
  return new Request('http://localhost:3000/', { headers: { cookie: pairs.join('; ') } });
}

const renewed = { accessToken: jwt(inAnHour()), refreshToken: 'nouveau' };
const answering =
  (status: number): Refresh =>
  async () =>
    (status === 200
      ? { status: 200, body: renewed }
      : { status, body: { statusCode: status, code: 'X', message: 'Non.' } }) as Awaited<ReturnType<Refresh>>;

describe('a session renewed once per request', () => {
  it('is signed in from a live access token, without asking the API', async () => {
    const refresh = vi.fn(answering(200));
    const session = await resolveTokenSession(await requestWith(jwt(inAnHour()), 'r'), jar, open, refresh);
    expect(session.signedIn).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
    expect(session.cookies).toEqual([]);
  });

  it('trades an expired access token for a new pair, written to both cookies', async () => {
    const session = await resolveTokenSession(await requestWith(expired, 'ancien'), jar, open, answering(200));
    expect(session.signedIn).toBe(true);
    expect(session.refreshToken).toBe('nouveau');
    expect(session.cookies.map((cookie) => cookie.split('=')[0])).toEqual(['site_access', 'site_refresh']);
  });

  it('signs out when the API refuses the refresh token: both cookies cleared', async () => {
    for (const status of [400, 401]) {
      const session = await resolveTokenSession(await requestWith(expired, 'ancien'), jar, open, answering(status));
      expect(session.signedIn).toBe(false);
      expect(session.cookies).toHaveLength(2);
      expect(session.cookies.every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
    }
  });

  it('leaves the cookies alone on 409 (renewed by another request), 429 and 503, the request signed out', async () => {
    for (const status of [409, 429, 503]) {
      const session = await resolveTokenSession(await requestWith(expired, 'ancien'), jar, open, answering(status));
      expect(session.signedIn, String(status)).toBe(false);
      expect(session.cookies, String(status)).toEqual([]);
      expect(session.refreshToken).toBe('ancien');
    }
  });

  it('clears an expired or unreadable access token that has no refresh token beside it', async () => {
    for (const access of [expired, 'pas-un-jwt']) {
      const session = await resolveTokenSession(await requestWith(access, null), jar, open, answering(200));
      expect(session.signedIn).toBe(false);
      expect(session.cookies.every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
    }
  });
});

describe('the door of a site', () => {
  const key = createContext<TokenSession>();
  const door = siteDoor(
    () => 'http://localhost:3000',
    async (request) => resolveTokenSession(request, jar, open, answering(200)),
    key,
  );
  const pass = async (request: Request) => {
    const context = new RouterContextProvider();
    const next = vi.fn(async () => new Response('page', { headers: { 'X-Page': 'oui' } }));
    const response = await door({ request, context, params: {}, unstable_pattern: '/' } as never, next);
    return { response: response as Response, next, context };
  };

  it('refuses a post from another site before anything runs', async () => {
    const request = new Request('http://localhost:3000/', {
      method: 'POST',
      headers: { Origin: 'https://ailleurs.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    const refused = await pass(request).catch((error: unknown) => error);
    expect(refused).toMatchObject({ init: { status: 403 } });
  });

  it('gives the session to the page and writes what it became on the page’s response', async () => {
    const { response, next, context } = await pass(await requestWith(expired, 'ancien'));
    expect(next).toHaveBeenCalledOnce();
    expect(context.get(key).signedIn).toBe(true);
    expect(response.headers.get('X-Page')).toBe('oui');
    expect(response.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toEqual([
      'site_access',
      'site_refresh',
    ]);
  });
});
