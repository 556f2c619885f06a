/**
 * The one door for the cookies the site sets (session tokens, after-login target, notice, cart): the
 * same options for all, so that no cookie is left without Secure on an https site.
 */
import { type Cookie, createCookie } from 'react-router';
import { serverEnv } from './env.server';

export type CookieSecurity = { secure: boolean; prefix: '' | '__Host-' };

/**
 * Secure whenever the site is served over https, and always in production; the development site runs on
 * http://localhost, where a Secure cookie would not come back. In production names take the `__Host-`
 * prefix, which the browser accepts only from this host, over https, for the whole site: no subdomain
 * can plant or overwrite one.
 */
export function cookieSecurity(nodeEnv = process.env.NODE_ENV, siteUrl = serverEnv.SITE_URL): CookieSecurity {
  const production = nodeEnv === 'production';
  return { secure: production || siteUrl.startsWith('https://'), prefix: production ? '__Host-' : '' };
}

/** A cookie of the site: httpOnly (page scripts never read it), SameSite=Lax, for every path. */
export function siteCookie(name: string, maxAgeSeconds: number, security = cookieSecurity()): Cookie {
  return createCookie(`${security.prefix}${name}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: security.secure,
    maxAge: maxAgeSeconds,
  });
}
