/**
 * What both sites do the same way at their door (the public site and the pro site, each on its own origin):
 * their cookies' security, the session held in two httpOnly cookies and renewed once per request, and the
 * root middleware that refuses cross-site posts, reads every post once and writes the session's cookies.
 * Each site names its cookies and its refresh endpoint; the policy is written once, here.
 */
import type { AuthTokens, EndpointAnswer, refreshSession } from '@guichet/contracts';
import { isCrossSiteRequest, SAFE_METHODS } from '@guichet/domain';
import { type Cookie, createCookie, data, type MiddlewareFunction, type RouterContext } from 'react-router';
import { z } from 'zod';
import type { Unavailable } from './form-failure';
import { checkPostedForm } from './read-form.server';

export type CookieSecurity = { secure: boolean; prefix: '' | '__Host-' };

/**
 * Secure whenever the site is served over https, and always in production (a development site runs on
 * http://localhost, where a Secure cookie would not come back). In production names take the `__Host-`
 * prefix, which the browser accepts only from this very host, over https, without Domain, for the whole
 * site: no subdomain can plant or overwrite one, and the other site (another origin) never receives it.
 */
export function cookieSecurity(nodeEnv: string | undefined, siteUrl: string): CookieSecurity {
  const production = nodeEnv === 'production';
  return { secure: production || siteUrl.startsWith('https://'), prefix: production ? '__Host-' : '' };
}

/** A cookie of a site: httpOnly (page scripts never read it), SameSite=Lax, for every path, no Domain. */
export function httpOnlyCookie(name: string, maxAgeSeconds: number, security: CookieSecurity): Cookie {
  return createCookie(`${security.prefix}${name}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: security.secure,
    maxAge: maxAgeSeconds,
  });
}

/** The one claim read here: the API checks the signature (and the membership) on every call that matters. */
const ExpiringClaims = z.object({ exp: z.number() });

/** A JWT's payload when it is still good for a few seconds, read without checking its signature; else null. */
export function livePayload(token: string, nowSeconds = Date.now() / 1000): unknown {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    const expiring = ExpiringClaims.safeParse(claims);
    return expiring.success && expiring.data.exp > nowSeconds + 5 ? claims : null;
  } catch {
    return null;
  }
}

/** The two cookies a site keeps its session in. */
export type SessionCookies = { access: Cookie; refresh: Cookie };

/**
 * A visitor's session: tokens only in httpOnly cookies, never in page scripts. Actions change it through
 * `commit`/`destroy`; the site's middleware writes the resulting cookies on the response, so a renewal and a
 * login in the same request can never write two different sessions.
 */
export class TokenSession {
  /** Null unless live: an expired token is no session. */
  accessToken: string | null;
  refreshToken: string | null;
  /** Set-Cookie values the response must carry (written by the middleware). */
  readonly cookies: string[] = [];

  constructor(
    private readonly jar: SessionCookies,
    accessToken: string | null,
    refreshToken: string | null,
  ) {
    this.accessToken = accessToken && livePayload(accessToken) ? accessToken : null;
    this.refreshToken = refreshToken;
  }

  get signedIn(): boolean {
    return this.accessToken !== null;
  }

  /** Signs in: new tokens become the session. */
  async commit(tokens: AuthTokens) {
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken;
    this.cookies.length = 0;
    this.cookies.push(
      await this.jar.access.serialize(tokens.accessToken),
      await this.jar.refresh.serialize(tokens.refreshToken),
    );
  }

  /** Signs out: tokens are cleared. */
  async destroy() {
    this.accessToken = null;
    this.refreshToken = null;
    this.cookies.length = 0;
    this.cookies.push(
      await this.jar.access.serialize('', { maxAge: 0 }),
      await this.jar.refresh.serialize('', { maxAge: 0 }),
    );
  }
}

/**
 * Trades a refresh token for a new pair: the API's answer (both sites' refresh endpoints answer alike), or a
 * 503 when it could not give one.
 */
export type Refresh = (refreshToken: string) => Promise<EndpointAnswer<typeof refreshSession> | Unavailable>;

/** A cookie's token: a non-empty string; anything else a browser sends (a tampered value) is none. */
const tokenOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Reads the session's cookies; an expired access token with a refresh cookie is traded once for a new pair.
 * A refused renewal signs out (cookies cleared), as does an expired access token with nothing to renew it.
 * 409 (another request of this browser renewed the session a moment ago and carries its new cookies), 429 or
 * 503 (the API will not or cannot answer now, and the session may well be valid then) leave the cookies alone:
 * this request goes on signed out.
 */
export async function resolveTokenSession<S extends TokenSession>(
  request: Request,
  jar: SessionCookies,
  open: (accessToken: string | null, refreshToken: string | null) => S,
  refresh?: Refresh,
): Promise<S> {
  const cookieHeader = request.headers.get('Cookie');
  const accessToken = tokenOf(await jar.access.parse(cookieHeader));
  const refreshToken = tokenOf(await jar.refresh.parse(cookieHeader));
  const session = open(accessToken, refreshToken);
  if (session.signedIn) return session;
  if (!refreshToken) {
    if (accessToken) await session.destroy();
    return session;
  }
  if (!refresh) return session;
  const answer = await refresh(refreshToken);
  if (answer.status === 200) await session.commit(answer.body);
  else if (answer.status !== 409 && answer.status !== 429 && answer.status !== 503) await session.destroy();
  return session;
}

/**
 * A site's root middleware: a state-changing request from another site (the other Guichet site included) is
 * refused (403); every post is read once, bounded (413, 415 or 400 otherwise); then the session is resolved
 * once for every loader and action of the request, and whatever it became (renewed, signed in, signed out) is
 * written to the response's cookies.
 */
export function siteDoor<S extends TokenSession>(
  siteUrl: () => string,
  resolve: (request: Request) => Promise<S>,
  sessionKey: RouterContext<S>,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (isCrossSiteRequest(request, siteUrl())) {
      throw data('Requête refusée : elle ne vient pas de ce site.', { status: 403 });
    }
    if (!SAFE_METHODS.has(request.method)) await checkPostedForm(request);
    const session = await resolve(request);
    context.set(sessionKey, session);
    const response = await next();
    if (session.cookies.length === 0) return response;
    const withCookies = new Response(response.body, response);
    for (const cookie of session.cookies) withCookies.headers.append('Set-Cookie', cookie);
    return withCookies;
  };
}
