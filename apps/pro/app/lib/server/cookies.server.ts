/**
 * The one door for the cookies the pro site sets: the same options for all (@guichet/ui's site-session). They
 * belong to the pro origin only — no Domain attribute, so the public site (another origin) never receives
 * them, and its own cookies (`guichet_access`…) never reach this site: the two sessions never open each
 * other's site.
 */
import { type CookieSecurity, httpOnlyCookie, cookieSecurity as securityOf } from '@guichet/ui/site-session.server';
import type { Cookie } from 'react-router';
import { serverEnv } from './env.server';

export function cookieSecurity(nodeEnv = process.env.NODE_ENV, proUrl = serverEnv.PRO_URL): CookieSecurity {
  return securityOf(nodeEnv, proUrl);
}

/** A cookie of the pro site: httpOnly (page scripts never read it), SameSite=Lax, for every path. */
export function proCookie(name: string, maxAgeSeconds: number, security = cookieSecurity()): Cookie {
  return httpOnlyCookie(name, maxAgeSeconds, security);
}
