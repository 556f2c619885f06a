/** Deals (« bons plans »): their URLs and how their validity reads. */
import { parseTicketingId } from '../ids.js';
import { dayOfMonthLabel, monthName, parisDate, parisParts } from './dates.js';

/** The sorts of a deals search; `relevance` is the default (the most sold first without a query). */
export const OFFER_SORTS = ['relevance', 'ending', 'price', 'discount'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

/** How many deals a search page shows, and the most a request may ask for. */
export const OFFERS_PAGE_SIZE = { default: 24, max: 60 } as const;

/**
 * A search counts its matches up to this many and reaches no result beyond it: counting (and ranking) every
 * match of a common word grows with the catalogue, this does not (docs/decisions/0037). Beyond it the page
 * says « Plus de 1 000 bons plans », as the big shops do.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/** The slug form of a deal in URLs: 'massage-californien-de-60-minutes-6', like a ticketing's. */
export function offerSlugId({ slug, offerID }: { slug: string; offerID: number }): string {
  return slug ? `${slug}-${offerID}` : String(offerID);
}

/** The canonical page of a deal: '/bons-plans/offer/massage-californien-de-60-minutes-6'. */
export function offerPath(offer: { slug: string; offerID: number }): string {
  return `/bons-plans/offer/${offerSlugId(offer)}`;
}

/**
 * An offerID in a URL, with the same shape as a ticketingID: numeric ('6') or a slug whose last
 * dash-separated part is the id ('massage-californien-6'). Anything else is null (the route answers 404).
 */
export function parseOfferId(value: string | null | undefined): number | null {
  return parseTicketingId(value);
}

/**
 * The last day a voucher can be used, in Paris: « 12 mars 2027 ». A validity that ends at midnight sharp ends
 * on the day before (its last usable day), as a run of an event does.
 */
export function formatValidUntil(validUntil: Date | string): string {
  const { year, month, day } = parisParts(lastValidInstant(validUntil));
  return `${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

/** The same last day as a calendar date 'YYYY-MM-DD' (schema.org's priceValidUntil). */
export function offerLastDay(validUntil: Date | string): string {
  return parisDate(lastValidInstant(validUntil));
}

function lastValidInstant(validUntil: Date | string): Date {
  const end = typeof validUntil === 'string' ? new Date(validUntil) : validUntil;
  if (Number.isNaN(end.getTime())) throw new RangeError(`Date invalide : ${String(validUntil)}`);
  return new Date(end.getTime() - 1);
}
