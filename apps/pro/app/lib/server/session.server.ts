/**
 * The organiser's session on the pro site, resolved once per request by the root middleware.
 *
 * Tokens live only in httpOnly cookies of the pro origin (`guichet_pro_access`, `guichet_pro_refresh`; the
 * spec's lifetimes: 30 days for the access cookie, 90 for the refresh one; `__Host-` names in production),
 * never in page scripts, and apart from the public site's session: each site has its own names and origin.
 * Actions change the session through `commit`/`destroy`; the middleware writes the resulting cookies on the
 * response.
 *
 * An expired access token with a refresh cookie is traded once per request for a new pair (POST
 * /pro/session/refresh) before any loader runs, with the public site's policy (apps/web session.server.ts):
 * a refused refresh signs out (cookies cleared); 409 (another request of this browser refreshed a moment
 * ago and carries the new cookies), 429 or 503 leave the cookies alone and this request goes on signed out.
 */
import type { AuthTokens, EndpointAnswer, proRefreshSession } from '@guichet/contracts';
import { ACCESS_TOKEN_MAX_AGE_SECONDS, REFRESH_TOKEN_MAX_AGE_SECONDS } from '@guichet/domain';
import type { Unavailable } from '@guichet/ui/form-failure';
import { createContext, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { proCookie } from './cookies.server';

export const proAccessTokenCookie = proCookie('guichet_pro_access', ACCESS_TOKEN_MAX_AGE_SECONDS);
export const proRefreshTokenCookie = proCookie('guichet_pro_refresh', REFRESH_TOKEN_MAX_AGE_SECONDS);

/** The one claim read here: the API checks the signature and the membership on every call that matters. */
const ExpiringClaims = z.object({ exp: z.number() });

/** Whether a JWT is still good for a few seconds, read without checking its signature. */
export function isAccessTokenLive(token: string, nowSeconds = Date.now() / 1000): boolean {
  const [, payload] = token.split('.');
  if (!payload) return false;
  try {
    const claims = ExpiringClaims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return claims.success && claims.data.exp > nowSeconds + 5;
  } catch {
    return false;
  }
}

export class ProSession {
  accessToken: string | null;
  refreshToken: string | null;
  /** Set-Cookie values the response must carry (written by the middleware). */
  readonly cookies: string[] = [];

  constructor(accessToken: string | null, refreshToken: string | null) {
    this.accessToken = accessToken && isAccessTokenLive(accessToken) ? accessToken : null;
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
      await proAccessTokenCookie.serialize(tokens.accessToken),
      await proRefreshTokenCookie.serialize(tokens.refreshToken),
    );
  }

  /** Signs out: tokens are cleared. */
  async destroy() {
    this.accessToken = null;
    this.refreshToken = null;
    this.cookies.length = 0;
    this.cookies.push(
      await proAccessTokenCookie.serialize('', { maxAge: 0 }),
      await proRefreshTokenCookie.serialize('', { maxAge: 0 }),
    );
  }
}

/** A cookie's token: a non-empty string; anything else a browser sends (a tampered value) is none. */
const tokenOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Trades a refresh token for a new pair: the API's answer, or a 503 when it could not give one. */
export type ProRefresh = (refreshToken: string) => Promise<EndpointAnswer<typeof proRefreshSession> | Unavailable>;

/** Reads the pro cookies of the request (never the public site's), renewing an expired access token once. */
export async function resolveProSession(request: Request, refresh?: ProRefresh): Promise<ProSession> {
  const cookieHeader = request.headers.get('Cookie');
  const accessToken = tokenOf(await proAccessTokenCookie.parse(cookieHeader));
  const refreshToken = tokenOf(await proRefreshTokenCookie.parse(cookieHeader));
  const session = new ProSession(accessToken, refreshToken);
  if (session.signedIn || !refreshToken || !refresh) return session;
  const answer = await refresh(refreshToken);
  if (answer.status === 200) await session.commit(answer.body);
  else if (answer.status !== 409 && answer.status !== 429 && answer.status !== 503) await session.destroy();
  return session;
}

export const proSessionContext = createContext<ProSession>();

export function getProSession(context: Readonly<RouterContextProvider>): ProSession {
  return context.get(proSessionContext);
}

/** The visitor's address as the pro server sees it (site.mjs), forwarded to the API for per-visitor throttling. */
export function visitorAddress(request: Request): string | undefined {
  return request.headers.get('x-guichet-client-address') ?? undefined;
}
