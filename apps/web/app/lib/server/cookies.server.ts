/**
 * The one door for the cookies the site sets (session tokens, after-login target, notice, cart): the
 * same options for all (@guichet/ui's site-session), so that no cookie is left without Secure on an https site.
 */
import { type CookieSecurity, httpOnlyCookie, cookieSecurity as securityOf } from '@guichet/ui/site-session.server';
import type { Cookie } from 'react-router';
import { serverEnv } from './env.server';

export function cookieSecurity(nodeEnv = process.env.NODE_ENV, siteUrl = serverEnv.SITE_URL): CookieSecurity {
  return securityOf(nodeEnv, siteUrl);
}

/** A cookie of the site: httpOnly (page scripts never read it), SameSite=Lax, for every path. */
export function siteCookie(name: string, maxAgeSeconds: number, security = cookieSecurity()): Cookie {
  return httpOnlyCookie(name, maxAgeSeconds, security);
}
