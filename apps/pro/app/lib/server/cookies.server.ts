/**
 * The one door for the cookies the pro site sets: the same options for all. They belong to the pro origin
 * only — no Domain attribute, so the public site (another origin) never receives them, and its own cookies
 * (`guichet_access`…) never reach this site: the two sessions never open each other's site.
 */
import { type Cookie, createCookie } from 'react-router';
import { serverEnv } from './env.server';

export type CookieSecurity = { secure: boolean; prefix: '' | '__Host-' };

/**
 * Secure whenever the site is served over https, and always in production (the development site runs on
 * http://localhost, where a Secure cookie would not come back). In production names take the `__Host-`
 * prefix, which the browser accepts only from this very host, over https, without Domain, for the whole site.
 */
export function cookieSecurity(nodeEnv = process.env.NODE_ENV, proUrl = serverEnv.PRO_URL): CookieSecurity {
  const production = nodeEnv === 'production';
  return { secure: production || proUrl.startsWith('https://'), prefix: production ? '__Host-' : '' };
}

/** A cookie of the pro site: httpOnly (page scripts never read it), SameSite=Lax, for every path. */
export function proCookie(name: string, maxAgeSeconds: number, security = cookieSecurity()): Cookie {
  return createCookie(`${security.prefix}${name}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: security.secure,
    maxAge: maxAgeSeconds,
  });
}
