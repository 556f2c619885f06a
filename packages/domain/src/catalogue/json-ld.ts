/**
 * schema.org structured data (JSON-LD), as search engines read it: the Event of a ticketing page
 * (https://schema.org/Event, https://developers.google.com/search/docs/appearance/structured-data/event)
 * and the Product of a deal's page (https://schema.org/Product with its Offers,
 * https://developers.google.com/search/docs/appearance/structured-data/merchant-listing).
 */
import { eventDays, isEventPeriod } from './dates.js';
import { COUNTRY_CODES, isCountrySlug } from './listing.js';
import { offerLastDay } from './offers.js';

export type EventJsonLdInput = {
  title: string;
  summary: string;
  startsAt: string;
  endsAt: string;
  /** When its tickets go (or went) on sale: the offers' validFrom (« en vente à partir de »). */
  salesStartAt?: string | null;
  status: string;
  /** The date first announced, when the event was postponed (schema.org's previousStartDate). */
  previousStartsAt?: string | null;
  venue: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  visuals: readonly { url: string }[];
  performers: readonly { name: string; url?: string | null }[];
  organizer: { name: string; url?: string | null };
  products: readonly { title: string; discountedPrice: number; soldOut: boolean }[];
};

export type EventJsonLdOptions = {
  /** Absolute URL of the ticketing's own page. */
  url: string;
  /** The site's public address, to make image paths absolute. */
  siteUrl: string;
  /** The instant the page is rendered at: once the event is over, nothing is on sale any more. */
  now?: number;
};

/** Cents as the decimal string schema.org expects for a price in euros: 3120 → '31.20'. */
export function priceDecimal(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Prix invalide : ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A path of the site made absolute; an absolute URL stays as it is. */
export function absoluteSiteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

// Words that name a group rather than a person, at the start of a name or anywhere in it.
const GROUP_START =
  /^(les?|la|l['’]|compagnie|cie|collectif|orchestre|ensemble|trio|quatuor|quintette|duo|ballet|cirque|fanfare|chœur|choeur|groupe|troupe)(\s|$)/i;
const GROUP_WORD = /\b(quartet|quintet|trio|band|orchestra|tour|crew|brothers|sisters|et les|&)\b/i;

/**
 * The API does not say whether a performer is a person or a group; French names tell it well enough:
 * « Les Frères Castagne », « Compagnie du Grand Large », « Jules Arnaud Quartet », « Kenza et les Lucioles »
 * are groups, « Margaux Lenoir » or « DJ Nova Brise » a person.
 */
export function performerSchemaType(name: string): 'PerformingGroup' | 'Person' {
  const trimmed = name.trim();
  return GROUP_START.test(trimmed) || GROUP_WORD.test(trimmed) ? 'PerformingGroup' : 'Person';
}

const SCHEMA = 'https://schema.org/';

/**
 * startDate and endDate: a performance's instants; for an event that runs over a period (eventWhen's
 * rule), its first and last days as dates (schema.org's Date), not its first day's opening hour.
 */
function eventJsonLdDates(event: { startsAt: string; endsAt: string }): { startDate: string; endDate: string } {
  if (!isEventPeriod(event.startsAt, event.endsAt)) return { startDate: event.startsAt, endDate: event.endsAt };
  const { firstDay, lastDay } = eventDays(event);
  return { startDate: firstDay, endDate: lastDay };
}

/** The Event object of a ticketing, ready for a `<script type="application/ld+json">`. */
export function eventJsonLd(ticketing: EventJsonLdInput, { url, siteUrl, now }: EventJsonLdOptions) {
  const cancelled = ticketing.status === 'CANCELLED';
  const rescheduled = !cancelled && Boolean(ticketing.previousStartsAt);
  // Over: its tickets are no longer sold, whatever was left (schema.org has no « past » availability).
  const over = now !== undefined && Date.parse(ticketing.endsAt) < now;
  const availability = (soldOut: boolean) => (over ? 'Discontinued' : soldOut ? 'SoldOut' : 'InStock');
  const event: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: ticketing.title,
    description: ticketing.summary,
    url,
    ...eventJsonLdDates(ticketing),
    // A postponed event is EventRescheduled with its first date (Google's event guidelines), unless cancelled since.
    eventStatus: `${SCHEMA}${cancelled ? 'EventCancelled' : rescheduled ? 'EventRescheduled' : 'EventScheduled'}`,
    ...(rescheduled ? { previousStartDate: ticketing.previousStartsAt } : {}),
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: ticketing.venue,
      address: {
        '@type': 'PostalAddress',
        streetAddress: ticketing.address,
        postalCode: ticketing.postalCode,
        addressLocality: ticketing.city,
        ...(isCountrySlug(ticketing.country) ? { addressCountry: COUNTRY_CODES[ticketing.country] } : {}),
      },
    },
    image: ticketing.visuals.map((visual) => absoluteSiteUrl(siteUrl, visual.url)),
    // validFrom: when the tickets go on sale; before it, availability still tells the stock they will open with.
    offers: ticketing.products.map((product) => ({
      '@type': 'Offer',
      name: product.title,
      price: priceDecimal(product.discountedPrice),
      priceCurrency: 'EUR',
      availability: `${SCHEMA}${availability(product.soldOut)}`,
      ...(ticketing.salesStartAt ? { validFrom: ticketing.salesStartAt } : {}),
      url,
    })),
    performer: ticketing.performers.map((performer) => ({
      '@type': performerSchemaType(performer.name),
      name: performer.name,
      ...(performer.url ? { url: absoluteSiteUrl(siteUrl, performer.url) } : {}),
    })),
    organizer: {
      '@type': 'Organization',
      name: ticketing.organizer.name,
      ...(ticketing.organizer.url ? { url: absoluteSiteUrl(siteUrl, ticketing.organizer.url) } : {}),
    },
  };
  return event;
}

export type ProductJsonLdInput = {
  title: string;
  summary: string;
  category: string;
  partner: { name: string; url?: string | null };
  visuals: readonly { url: string }[];
  validFrom: string;
  validUntil: string;
  /** Over: nothing is sold any more. */
  ended: boolean;
  products: readonly {
    title: string;
    /** Cents, before the discount. */
    price: number;
    /** Cents, as the API answers it. */
    discountedPrice: number;
    remaining: number;
  }[];
};

/**
 * The Product of a deal (« bon plan »): one schema.org Offer per product at its discounted price, in euros,
 * with the price before the discount as a strikethrough price; in stock, sold out, or discontinued once the
 * deal has ended; valid from the deal's start until its last day.
 */
export function productJsonLd(offer: ProductJsonLdInput, { url, siteUrl }: EventJsonLdOptions) {
  const priceValidUntil = offerLastDay(offer.validUntil);
  const seller = {
    '@type': 'Organization',
    name: offer.partner.name,
    ...(offer.partner.url ? { url: offer.partner.url } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offer.title,
    description: offer.summary,
    category: offer.category,
    url,
    image: offer.visuals.map((visual) => absoluteSiteUrl(siteUrl, visual.url)),
    brand: { '@type': 'Brand', name: offer.partner.name },
    offers: offer.products.map((product) => {
      const price = product.discountedPrice;
      const availability = offer.ended ? 'Discontinued' : product.remaining > 0 ? 'InStock' : 'SoldOut';
      return {
        '@type': 'Offer',
        name: product.title,
        price: priceDecimal(price),
        priceCurrency: 'EUR',
        ...(price < product.price
          ? {
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                priceType: `${SCHEMA}StrikethroughPrice`,
                price: priceDecimal(product.price),
                priceCurrency: 'EUR',
              },
            }
          : {}),
        availability: `${SCHEMA}${availability}`,
        validFrom: offer.validFrom,
        priceValidUntil,
        url,
        seller,
      };
    }),
  };
}
