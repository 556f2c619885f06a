/**
 * Le Mag: an article's URL, its date and reading time as the pages print them, and the ticketings and deals
 * its body links to (shown as cards under the article).
 */
import { dayOfMonthLabel, monthName, parisParts } from './catalogue/dates.js';
import { absoluteSiteUrl } from './catalogue/json-ld.js';
import { parseTicketingId } from './ids.js';
import { parseListingPath } from './listing-path.js';
import { richTextPlainText, sanitizeRichText } from './rich-text/document.js';
import { hrefScheme, isSitePath } from './rich-text/links.js';

/** An adult's silent reading speed of French prose, the usual basis of « N min de lecture ». */
export const READING_WORDS_PER_MINUTE = 220;

/** The page of an article: '/magazine/dix-festivals-a-ne-pas-manquer-cette-saison'. */
export function articlePath({ slug }: { slug: string }): string {
  return `/magazine/${slug}`;
}

/** Le Mag's categories, a closed set (the back office offers them in a list; the demo's six and two more). */
export const ARTICLE_CATEGORIES = [
  'Conseils',
  'Expositions',
  'Famille',
  'Festivals',
  'Humour',
  'Musique',
  'Rencontres',
  'Théâtre',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** An article's fields, bounded: the back office's form, its action and the API schema read them here. */
export const ARTICLE_LIMITS = {
  title: 160,
  slug: 100,
  summary: 400,
  author: 120,
  seoTitle: 70,
  seoDescription: 160,
  /** Ticketings and deals chosen as cards, of each. */
  linked: 12,
} as const;

/** An article's slug as the site writes them: lower-case words and digits joined by dashes. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Rich text as Le Mag stores it: links to the site's own pages are paths (docs/decisions/0070). */
export const ARTICLE_RICH_TEXT = { sitePaths: true } as const;

// A word holds a letter or a digit; « l’an », « jam-sessions » and « 360° » count once, lone « » : – not at all.
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The words of a text, as a reader counts them. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Minutes to read a rich-text body: its words at READING_WORDS_PER_MINUTE, rounded, at least 1. */
export function readingMinutes(body: unknown): number {
  return Math.max(1, Math.round(countWords(richTextPlainText(body)) / READING_WORDS_PER_MINUTE));
}

/** « 5 min de lecture ». */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min de lecture`;
}

/** The day an article was published, in Paris: « 19 novembre 2026 ». */
export function formatPublicationDate(publishedAt: Date | string): string {
  const { year, month, day } = parisParts(publishedAt);
  return `${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

export type LinkedTargets = { ticketingIds: number[]; offerIds: number[] };

/**
 * What a link's URL shows on Guichet: a ticketing (/billetterie/{ticketingID}, or a listing path ending in
 * one: /billetteries/france/2026/12/{ticketingID}) or a deal (/bons-plans/offer/{offerID}). The host is not
 * judged: the editors write the site's public address, which differs from a demo's or a test's; a site path
 * ('/billetterie/x-12', as Le Mag stores internal links) is read the same.
 */
export function linkedTarget(href: string): { ticketingId: number } | { offerId: number } | null {
  const scheme = hrefScheme(href);
  if (scheme !== 'http' && scheme !== 'https' && !isSitePath(href)) return null;
  let pathname: string;
  try {
    pathname = new URL(href, 'https://site.invalid').pathname;
  } catch {
    return null;
  }
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first, ...rest] = segments;
  if (first === 'billetterie' && rest.length === 1) {
    const ticketingId = parseTicketingId(rest[0]);
    return ticketingId === null ? null : { ticketingId };
  }
  if (first === 'billetteries') {
    const ticketingId = parseListingPath(rest)?.ticketingID ?? null;
    return ticketingId === null ? null : { ticketingId };
  }
  if (first === 'bons-plans' && rest[0] === 'offer' && rest.length === 2) {
    // A deal's URL is its slug then its id, like a ticketing's ('massage-californien-6'), or the bare id.
    const offerId = parseTicketingId(rest[1]);
    return offerId === null ? null : { offerId };
  }
  return null;
}

/**
 * The ticketings and deals a body links to, each once, in the order the reader meets them. Only the links
 * the renderer keeps count (the body is sanitised first), so a card never stands for a link not shown.
 */
export function linkedTargets(body: unknown): LinkedTargets {
  const ticketingIds = new Set<number>();
  const offerIds = new Set<number>();
  for (const block of sanitizeRichText(body, ARTICLE_RICH_TEXT).content) {
    for (const inline of block.content ?? []) {
      if (inline.type !== 'text') continue;
      for (const mark of inline.marks ?? []) {
        if (mark.type !== 'link') continue;
        const target = linkedTarget(mark.attrs.href);
        if (target && 'ticketingId' in target) ticketingIds.add(target.ticketingId);
        if (target && 'offerId' in target) offerIds.add(target.offerId);
      }
    }
  }
  return { ticketingIds: [...ticketingIds], offerIds: [...offerIds] };
}

export type ArticleJsonLdInput = {
  title: string;
  summary: string;
  author: string;
  category: string;
  publishedAt: string;
  visual: { url: string } | null;
};

/**
 * The schema.org Article of an article's page (https://schema.org/Article,
 * https://developers.google.com/search/docs/appearance/structured-data/article): headline, dates, author,
 * image, and Guichet as the publisher.
 */
export function articleJsonLd(
  article: ArticleJsonLdInput,
  { url, siteUrl, publisher }: { url: string; siteUrl: string; publisher: { name: string; logo: string } },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    articleSection: article.category,
    url,
    mainEntityOfPage: url,
    datePublished: article.publishedAt,
    author: { '@type': 'Person', name: article.author },
    ...(article.visual ? { image: [absoluteSiteUrl(siteUrl, article.visual.url)] } : {}),
    publisher: {
      '@type': 'Organization',
      name: publisher.name,
      url: absoluteSiteUrl(siteUrl, '/'),
      logo: { '@type': 'ImageObject', url: absoluteSiteUrl(siteUrl, publisher.logo) },
    },
  };
}
