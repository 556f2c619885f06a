import { LINK_PROTOCOLS } from '../constants.js';

export type LinkProtocol = (typeof LINK_PROTOCOLS)[number];

/**
 * Characters a browser ignores or that hide a scheme from a naive check ('java\tscript:', '\u0000javascript:',
 * ' javascript:'): controls, spaces of every kind, soft hyphen, zero-width and direction marks, BOM.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const INVISIBLE = /[\u0000-\u0020\u007F-\u00A0\u00AD\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS = /[\u0000-\u001F\u007F]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** An href as it will be written: controls removed (never legitimate in a URL), outer spaces trimmed. */
export function cleanHref(href: string): string {
  return href.replace(CONTROLS, '').trim();
}

/**
 * The scheme a browser would see, lower-cased, or null for a relative URL. Every invisible character is
 * removed first, so whatever scheme a browser finds, this finds the same one.
 */
export function hrefScheme(href: string): string | null {
  const match = SCHEME.exec(href.replace(INVISIBLE, ''));
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * An href rich text may keep: a string whose scheme is one of the spec's (http, https, ftp, ftps, mailto,
 * tel, callto, sms, cid, xmpp), case-insensitive. Relative URLs ('/agenda', '//evil.example', 'page.html')
 * are refused too: stored content is shown on other pages and in e-mails, where a relative link means
 * something else — the allow-list is one of schemes.
 */
export function isAllowedHref(href: unknown): href is string {
  if (typeof href !== 'string') return false;
  const scheme = hrefScheme(cleanHref(href));
  return scheme !== null && (LINK_PROTOCOLS as readonly string[]).includes(scheme);
}

const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/u;
/** A bare host name with a top-level domain, optional port and path: 'www.guichet.fr/agenda'. */
const BARE_HOST =
  /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/**
 * The href for what a person typed or pasted as a link: an allowed URL as it is; a bare host name
 * ('guichet.fr', 'www.guichet.fr/agenda') or '//host' in https; an e-mail address as mailto:.
 * Null when it cannot be a link the rich text keeps (javascript:, data:, '/relative', plain words).
 */
export function linkHrefFromInput(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = cleanHref(input);
  if (text === '') return null;
  if (BARE_HOST.test(text)) return `https://${text}`;
  if (text.startsWith('//') && BARE_HOST.test(text.slice(2))) return `https:${text}`;
  if (hrefScheme(text) !== null) return isAllowedHref(text) ? text : null;
  if (EMAIL.test(text)) return `mailto:${text}`;
  return null;
}

/**
 * The href when a pasted text is one whole link, else null: an allowed URL with its scheme, a host starting
 * with 'www.' (in https) or an e-mail address (mailto:). Stricter than linkHrefFromInput, which a person
 * typing in the link box uses: a pasted 'index.html' or 'fin.mars' stays text.
 */
export function pastedLinkHref(pasted: unknown): string | null {
  if (typeof pasted !== 'string') return null;
  const text = pasted.trim();
  if (text === '' || /\s/.test(text)) return null;
  if (hrefScheme(text) !== null)
    return isAllowedHref(text) && /^[a-z][a-z0-9+.-]*:\S/i.test(text) ? cleanHref(text) : null;
  if (/^www\./i.test(text) && BARE_HOST.test(text)) return `https://${text}`;
  if (EMAIL.test(text)) return `mailto:${text}`;
  return null;
}

/** The longest site path a link keeps (a path, its query and its fragment). */
export const SITE_PATH_MAX_LENGTH = 2000;

/**
 * A path of the site itself, as Le Mag's articles store their internal links: one leading slash then a
 * path ('/billetterie/concert-12', '/bons-plans?ville=Lyon#offres'). Never '//host' nor '/\host' (which a
 * browser reads as another site), never an invisible character, at most SITE_PATH_MAX_LENGTH long.
 */
export function isSitePath(href: unknown): href is string {
  if (typeof href !== 'string' || href.length > SITE_PATH_MAX_LENGTH) return false;
  if (!href.startsWith('/') || href.startsWith('//') || href.includes('\\')) return false;
  return href.replace(INVISIBLE, '') === href;
}

/**
 * The site path of a link to the site's own origin (`siteUrl`, e.g. 'https://www.guichet.fr'):
 * 'https://www.guichet.fr/billetterie/x-12?a=1#b' → '/billetterie/x-12?a=1#b'; null for any other link
 * (another host, another port or scheme, mailto:…).
 */
export function sitePathOf(href: string, siteUrl: string): string | null {
  const scheme = hrefScheme(href);
  if (scheme !== 'http' && scheme !== 'https') return null;
  let url: URL;
  let site: URL;
  try {
    url = new URL(cleanHref(href));
    site = new URL(siteUrl);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.username !== '' || url.password !== '') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(path) ? path : null;
}
