/**
 * The visitor's session, resolved once per request by the root middleware (spec sections 3, 4, 6, 9).
 *
 * Tokens live only in httpOnly cookies (access token 30 days, refresh token 90 days, Secure and
 * SameSite=Lax; `__Host-` names in production): page scripts never see them. The user is decoded from
 * the access token; an expired or unreadable one is renewed once with the refresh token, and if that
 * fails the visitor is silently logged out — the policy both sites share (@guichet/ui's site-session).
 */

import { AccessTokenClaims } from '@guichet/contracts';
import { ACCESS_TOKEN_MAX_AGE_SECONDS, REFRESH_TOKEN_MAX_AGE_SECONDS } from '@guichet/domain';
import {
  livePayload,
  type Refresh,
  resolveTokenSession,
  type SessionCookies,
  TokenSession,
} from '@guichet/ui/site-session.server';
import { createContext, type RouterContextProvider } from 'react-router';
import type { SessionUser } from '../session-user';
import { siteCookie } from './cookies.server';

export const accessTokenCookie = siteCookie('guichet_access', ACCESS_TOKEN_MAX_AGE_SECONDS);
export const refreshTokenCookie = siteCookie('guichet_refresh', REFRESH_TOKEN_MAX_AGE_SECONDS);
/** Where to go after login or registration (spec: redirectAfterLogin, default none). */
export const redirectAfterLoginCookie = siteCookie('guichet_after_login', 60 * 60);

const SESSION_COOKIES: SessionCookies = { access: accessTokenCookie, refresh: refreshTokenCookie };

/** Reads a JWT's claims without checking its signature: the API checks it on every call that matters. */
export function decodeAccessToken(token: string, nowSeconds = Date.now() / 1000): SessionUser | null {
  const claims = AccessTokenClaims.safeParse(livePayload(token, nowSeconds));
  return claims.success ? { id: claims.data.id, firstname: claims.data.firstname, loggedIn: true } : null;
}

export class Session extends TokenSession {
  #user: { token: string; user: SessionUser | null } | null = null;

  constructor(accessToken: string | null, refreshToken: string | null) {
    super(SESSION_COOKIES, accessToken, refreshToken);
  }

  /** The person the access token names (read once per token). */
  get user(): SessionUser | null {
    const token = this.accessToken;
    if (!token) return null;
    if (this.#user?.token !== token) this.#user = { token, user: decodeAccessToken(token) };
    return this.#user.user;
  }

  /** Logged in only with a token naming a person: the header greets them by it. */
  override get signedIn(): boolean {
    return this.user !== null;
  }

  get currentRefreshToken() {
    return this.refreshToken;
  }
}

/** Reads the cookies; renews an expired access token once; a failed renewal logs out silently. */
export function resolveSession(request: Request, refresh: Refresh): Promise<Session> {
  return resolveTokenSession(
    request,
    SESSION_COOKIES,
    (access, refreshToken) => new Session(access, refreshToken),
    refresh,
  );
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
