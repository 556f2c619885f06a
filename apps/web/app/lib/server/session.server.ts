/**
 * The visitor's session, resolved once per request by the root middleware (spec sections 3, 4, 6, 9).
 *
 * Tokens live only in httpOnly cookies (access token 30 days, refresh token 90 days, Secure and
 * SameSite=Lax; `__Host-` names in production): page scripts never see them. The user is decoded from
 * the access token; an expired or unreadable one is refreshed once with the refresh token, and if that
 * fails the visitor is silently logged out (cookies cleared). Actions change the session through
 * `commit`/`destroy`, and the middleware writes the resulting cookies on the response, so a refresh
 * and a login in the same request can never write two different sessions.
 */

import { AccessTokenClaims, type AuthTokens, type EndpointAnswer, type refreshSession } from '@guichet/contracts';
import { ACCESS_TOKEN_MAX_AGE_SECONDS, REFRESH_TOKEN_MAX_AGE_SECONDS } from '@guichet/domain';
import type { Unavailable } from '@guichet/ui/form-failure';
import { createContext, type RouterContextProvider } from 'react-router';
import type { SessionUser } from '../session-user';
import { siteCookie } from './cookies.server';

export const accessTokenCookie = siteCookie('guichet_access', ACCESS_TOKEN_MAX_AGE_SECONDS);
export const refreshTokenCookie = siteCookie('guichet_refresh', REFRESH_TOKEN_MAX_AGE_SECONDS);
/** Where to go after login or registration (spec: redirectAfterLogin, default none). */
export const redirectAfterLoginCookie = siteCookie('guichet_after_login', 60 * 60);

/** Reads a JWT's claims without checking its signature: the API checks it on every call that matters. */
export function decodeAccessToken(token: string, nowSeconds = Date.now() / 1000): SessionUser | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const claims = AccessTokenClaims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!claims.success || claims.data.exp <= nowSeconds + 5) return null;
    return { id: claims.data.id, firstname: claims.data.firstname, loggedIn: true };
  } catch {
    return null;
  }
}

export class Session {
  user: SessionUser | null;
  accessToken: string | null;
  private refreshToken: string | null;
  /** Set-Cookie values the response must carry (written by the middleware). */
  readonly cookies: string[] = [];

  constructor(accessToken: string | null, refreshToken: string | null) {
    this.accessToken = accessToken;
    this.refreshToken = refreshToken;
    this.user = accessToken ? decodeAccessToken(accessToken) : null;
  }

  get currentRefreshToken() {
    return this.refreshToken;
  }

  /** Logs in: new tokens become the session. */
  async commit(tokens: AuthTokens) {
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken;
    this.user = decodeAccessToken(tokens.accessToken);
    this.cookies.length = 0;
    this.cookies.push(
      await accessTokenCookie.serialize(tokens.accessToken),
      await refreshTokenCookie.serialize(tokens.refreshToken),
    );
  }

  /** Logs out: tokens and user are cleared. */
  async destroy() {
    this.accessToken = null;
    this.refreshToken = null;
    this.user = null;
    this.cookies.length = 0;
    this.cookies.push(
      await accessTokenCookie.serialize('', { maxAge: 0 }),
      await refreshTokenCookie.serialize('', { maxAge: 0 }),
    );
  }
}

/** Trades a refresh token for a new pair: the API's answer, or a 503 when it could not give one. */
export type Refresh = (refreshToken: string) => Promise<EndpointAnswer<typeof refreshSession> | Unavailable>;

/** Reads the cookies; refreshes an expired access token once; a failed refresh logs out silently. */
export async function resolveSession(request: Request, refresh: Refresh): Promise<Session> {
  const cookieHeader = request.headers.get('Cookie');
  const accessToken = ((await accessTokenCookie.parse(cookieHeader)) as string | null) || null;
  const refreshToken = ((await refreshTokenCookie.parse(cookieHeader)) as string | null) || null;
  const session = new Session(accessToken, refreshToken);
  if (session.user || !refreshToken) {
    if (!session.user && accessToken) await session.destroy();
    return session;
  }
  const answer = await refresh(refreshToken);
  if (answer.status === 200) {
    await session.commit(answer.body);
    return session;
  }
  if (answer.status === 409 || answer.status === 429 || answer.status === 503) {
    // 409: another request of this browser refreshed the session a moment ago and carries its new cookies.
    // 429 or 503: the API will not or cannot answer now, and the session may well be valid then. Either way
    // this request goes on as a guest without clearing the cookies.
    session.accessToken = null;
    return session;
  }
  await session.destroy();
  return session;
}

export const sessionContext = createContext<Session>();

export function getSession(context: Readonly<RouterContextProvider>): Session {
  return context.get(sessionContext);
}

/**
 * The visitor's address as the web server sees it, forwarded to the API for per-visitor throttling.
 * A proxy in front of the web (TRUSTED_PROXY_HOPS) adds its own X-Forwarded-For entry; otherwise the
 * header is the visitor's own claim and is not trusted.
 */
export function visitorAddress(request: Request): string | undefined {
  return request.headers.get('x-guichet-client-address') ?? undefined;
}
