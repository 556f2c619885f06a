import { BRAND, errorMessageFor, formatPageTitle, type SiteSection } from '@guichet/domain';
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';

export const DEFAULT_DESCRIPTION =
  'Guichet, la billetterie en ligne : concerts, spectacles, festivals et sorties en France, en Belgique et en Suisse. Réservez vos billets en toute confiance.';

export type ShareImage = {
  /** Absolute URL or a path on this site. */
  url: string;
  alt: string;
  /** MIME type, e.g. image/jpeg. */
  type?: string;
  width?: number;
  height?: number;
};

export const DEFAULT_SHARE_IMAGE = {
  url: '/visuals/guichet-share.svg',
  type: 'image/svg+xml',
  alt: 'Guichet, la billetterie en ligne',
  width: 384,
  height: 384,
} as const satisfies ShareImage;

/** The spec's default image size. */
const DEFAULT_IMAGE_SIZE = 384;

export type PageMetaOptions = {
  /** The page's own title; the brand and site title are appended. */
  title: string;
  description?: string;
  /** Path of the canonical URL; defaults to the current pathname. */
  path?: string;
  /** Site whose title ends the page title; detected from the path by default. */
  section?: SiteSection;
  image?: ShareImage;
  /** og:type, 'website' by default. */
  type?: string;
  /** 'index, follow' by default; error pages use 'noindex'. */
  robots?: string;
  /** Canonical and alternate links; false for pages that must not be indexed (error pages). */
  canonical?: boolean;
};

/** The part of React Router's meta arguments this helper reads. */
export type MetaContext = {
  location: { pathname: string };
  /** React Router gives every match the error being shown, if any (null or undefined otherwise). */
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown; error?: unknown } | undefined>;
};

/** The HTTP status an error page shows: a thrown response's own, 500 for anything else. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * Refusals whose French message is for the visitor, shown on the error page: another site's post (403), a
 * form too large (413) or not a form (415), too many attempts with the delay to wait (429). Other errors
 * carry words for logs, not for people.
 */
const SAID_TO_VISITOR: ReadonlySet<number> = new Set([403, 413, 415, 429]);

/** Why the page was refused, in French, when the refusal says it to the visitor; null otherwise. */
export function refusalText(error: unknown): string | null {
  return isRouteErrorResponse(error) && SAID_TO_VISITOR.has(error.status) && typeof error.data === 'string'
    ? error.data
    : null;
}

/** The error being shown instead of the page, if any. */
function shownError(matches: MetaContext['matches']): unknown {
  return matches.find((match) => match?.error !== undefined && match.error !== null)?.error ?? null;
}

/** SITE_URL as the root loader published it, or null when the root loader failed. */
export function siteUrlFrom(matches: MetaContext['matches']): string | null {
  const root = matches.find((match) => match?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { env?: { siteUrl?: unknown } } | undefined;
  const siteUrl = data?.env?.siteUrl;
  return typeof siteUrl === 'string' && siteUrl !== '' ? siteUrl.replace(/\/+$/, '') : null;
}

/** The instant the root loader dated the page from (the same on the server and at hydration), or null. */
export function renderedAtFrom(matches: MetaContext['matches']): number | null {
  const root = matches.find((match) => match?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { now?: unknown } | undefined;
  return typeof data?.now === 'number' ? data.now : null;
}

/** An absolute URL for a path of this site (left as a path when SITE_URL is unknown). */
export function absoluteUrl(siteUrl: string | null, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${siteUrl ?? ''}${path}`;
}

/**
 * A page's metadata from the head its loader built (title, description, image, canonical path) and its
 * schema.org JSON-LD, last: a ticketing's, on its page and opened over a listing (ticketing-head.server.ts).
 * The loader builds the JSON-LD so the browser, which runs meta on client navigations, needs no builder.
 */
export function headMeta(
  head: { page: PageMetaOptions; jsonLd: Record<string, unknown> },
  context: MetaContext,
): MetaDescriptor[] {
  return [...pageMeta(head.page, context), { 'script:ld+json': head.jsonLd }];
}

/**
 * Every page's metadata: title, description, canonical/alternate links and social (Open Graph) tags. When
 * the page failed and its error boundary shows the error page instead, the error page's metadata: the
 * status and its message as the title, not indexed.
 */
export function pageMeta(options: PageMetaOptions, context: MetaContext): MetaDescriptor[] {
  const error = shownError(context.matches);
  if (error !== null) {
    const status = errorStatus(error);
    return pageMetaOf({ title: `${status} ${errorMessageFor(status)}`, robots: 'noindex', canonical: false }, context);
  }
  return pageMetaOf(options, context);
}

function pageMetaOf(options: PageMetaOptions, { location, matches }: MetaContext): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const path = options.path ?? location.pathname;
  const title = formatPageTitle(options.title, path, options.section);
  const description = options.description ?? DEFAULT_DESCRIPTION;
  const url = absoluteUrl(siteUrl, path);
  const image = options.image ?? DEFAULT_SHARE_IMAGE;

  const descriptors: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
  if (options.canonical !== false) {
    descriptors.push(
      { tagName: 'link', rel: 'canonical', href: url },
      { tagName: 'link', rel: 'alternate', hrefLang: 'fr', href: url },
    );
  }
  descriptors.push(
    { name: 'robots', content: options.robots ?? 'index, follow' },
    { property: 'og:site_name', content: BRAND },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:image', content: absoluteUrl(siteUrl, image.url) },
  );
  if (image.type) descriptors.push({ property: 'og:image:type', content: image.type });
  descriptors.push(
    { property: 'og:image:alt', content: image.alt },
    { property: 'og:image:width', content: String(image.width ?? DEFAULT_IMAGE_SIZE) },
    { property: 'og:image:height', content: String(image.height ?? DEFAULT_IMAGE_SIZE) },
  );
  return descriptors;
}
