/**
 * The back office's redirect form (issue 27), each field declared once: the pro site's form runs these rules as
 * you type and in its action, the API's schema is built from them. A source is a path of the public site the
 * visitor asks for (no query, no fragment: the lookup compares paths); a target is a path of the site (a query
 * allowed) or an absolute http(s) address, which leaves the site. Both are stored in the form the browser sends
 * them in (`normaliseSitePath`): « /promo-noël/ » and « /promo-no%C3%ABl » are one source.
 */
import type { Rule } from './rules.js';
import { type TextField, textField } from './text.js';

export const REDIRECT_SOURCE_MAX = 300;
export const REDIRECT_TARGET_MAX = 2000;

export const REDIRECT_MESSAGES = {
  sourceForm: 'Le chemin doit commencer par « / » et ne contenir ni espace, ni « ? », ni « # ».',
  sourceHome: 'La page d’accueil ne peut pas être redirigée.',
  sourceReserved:
    'Ce chemin appartient au fonctionnement du site (/api, /assets, /media…) : il ne peut pas être redirigé.',
  targetForm: 'Indiquez un chemin du site commençant par « / » ou une adresse complète en http:// ou https://.',
  sameAsSource: 'La destination ne peut pas être le chemin redirigé lui-même.',
} as const;

/**
 * Paths the site itself answers before any page (files, the media proxy, data requests) or that are the API's:
 * a redirect there would never be followed, or would break the site.
 */
const RESERVED_PREFIXES = ['/api', '/assets', '/media', '/__manifest', '/.well-known'] as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\?#]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

/** A path of the site as the browser sends it (percent-encoded, dot segments resolved), without trailing slash. */
export function normaliseSitePath(path: string): string {
  try {
    const { pathname } = new URL(path, 'http://site.invalid');
    return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  } catch {
    // Not a path at all (« \\ » reads as an address without a host): the rules refuse it, it is kept as typed.
    return path;
  }
}

function isPathLike(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !UNSAFE_CHARACTERS.test(value) && !/[\uD800-\uDFFF]/u.test(value);
}

/** Whether `value` is a path the table may redirect (any non-empty value; the empty one is « required »'s). */
export function redirectSourceProblem(value: string): string | null {
  if (!isPathLike(value)) return REDIRECT_MESSAGES.sourceForm;
  const path = normaliseSitePath(value);
  if (path === '/') return REDIRECT_MESSAGES.sourceHome;
  const reserved = RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (reserved || path.endsWith('.data')) return REDIRECT_MESSAGES.sourceReserved;
  return null;
}

/** An absolute http(s) address with a host, or null. */
function absoluteUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

export function isRedirectTarget(value: string): boolean {
  if (/^https?:\/\//i.test(value)) return absoluteUrl(value) !== null && !CONTROL_OR_SPACE.test(value);
  // A site path may carry a query and a fragment after its path.
  const [path = ''] = value.split(/[?#]/, 1);
  return isPathLike(path) && !CONTROL_OR_SPACE.test(value) && !value.includes('\\');
}

/** The target as stored: an address as the URL parser writes it, a site path normalised (its query kept). */
export function normaliseRedirectTarget(value: string): string {
  const url = absoluteUrl(value);
  if (url) return url.href;
  const at = value.search(/[?#]/);
  const path = at === -1 ? value : value.slice(0, at);
  return `${normaliseSitePath(path)}${at === -1 ? '' : value.slice(at)}`;
}

/** The site path a target lands on (null for an address that leaves the site): what a chain compares. */
export function redirectTargetPath(target: string): string | null {
  if (absoluteUrl(target)) return null;
  const at = target.search(/[?#]/);
  return normaliseSitePath(at === -1 ? target : target.slice(0, at));
}

const check = (name: string, message: string, test: (value: string) => boolean): Rule => ({
  name,
  message,
  test: (value) => typeof value !== 'string' || test(value),
});

export const REDIRECT_FIELDS = {
  source: textField({
    max: REDIRECT_SOURCE_MAX,
    rules: [
      check('redirectSource', REDIRECT_MESSAGES.sourceForm, (value) => isPathLike(value)),
      check(
        'redirectHome',
        REDIRECT_MESSAGES.sourceHome,
        (value) => redirectSourceProblem(value) !== REDIRECT_MESSAGES.sourceHome,
      ),
      check(
        'redirectReserved',
        REDIRECT_MESSAGES.sourceReserved,
        (value) => redirectSourceProblem(value) !== REDIRECT_MESSAGES.sourceReserved,
      ),
    ],
  }),
  target: textField({
    max: REDIRECT_TARGET_MAX,
    rules: [check('redirectTarget', REDIRECT_MESSAGES.targetForm, isRedirectTarget)],
  }),
} as const satisfies Record<string, TextField>;
