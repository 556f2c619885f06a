/**
 * The organiser's session on the pro site, resolved once per request by the root middleware.
 *
 * Tokens live only in httpOnly cookies of the pro origin (`guichet_pro_access`, `guichet_pro_refresh`; the
 * spec's lifetimes: 30 days for the access cookie, 90 for the refresh one; `__Host-` names in production),
 * never in page scripts, and apart from the public site's session: each site has its own names and origin.
 * An expired access token is renewed once per request (POST /pro/session/refresh) with the policy both sites
 * share (@guichet/ui's site-session).
 */

import { ACCESS_TOKEN_MAX_AGE_SECONDS, REFRESH_TOKEN_MAX_AGE_SECONDS } from '@guichet/domain';
import {
  livePayload,
  type Refresh,
  resolveTokenSession,
  type SessionCookies,
  TokenSession,
} from '@guichet/ui/site-session.server';
import { createContext, type RouterContextProvider } from 'react-router';
import { proCookie } from './cookies.server';

export const proAccessTokenCookie = proCookie('guichet_pro_access', ACCESS_TOKEN_MAX_AGE_SECONDS);
export const proRefreshTokenCookie = proCookie('guichet_pro_refresh', REFRESH_TOKEN_MAX_AGE_SECONDS);

const PRO_SESSION_COOKIES: SessionCookies = { access: proAccessTokenCookie, refresh: proRefreshTokenCookie };

/** Whether a JWT is still good for a few seconds, read without checking its signature. */
export const isAccessTokenLive = (token: string, nowSeconds?: number): boolean =>
  livePayload(token, nowSeconds) !== null;

export class ProSession extends TokenSession {
  constructor(accessToken: string | null, refreshToken: string | null) {
    super(PRO_SESSION_COOKIES, accessToken, refreshToken);
  }
}

/** Reads the pro cookies of the request (never the public site's), renewing an expired access token once. */
export function resolveProSession(request: Request, refresh?: Refresh): Promise<ProSession> {
  return resolveTokenSession(request, PRO_SESSION_COOKIES, (access, renew) => new ProSession(access, renew), refresh);
}

export const proSessionContext = createContext<ProSession>();

export function getProSession(context: Readonly<RouterContextProvider>): ProSession {
  return context.get(proSessionContext);
}

/** The visitor's address as the pro server sees it (site.mjs), forwarded to the API for per-visitor throttling. */
export function visitorAddress(request: Request): string | undefined {
  return request.headers.get('x-guichet-client-address') ?? undefined;
}
