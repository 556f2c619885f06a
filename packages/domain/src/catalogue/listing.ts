/** Places, periods and addresses of the ticketing listings (/billetteries/…) and pages (/billetterie/…). */
import { COUNTRY_SLUGS, type CountrySlug } from '../constants.js';
import { dayOfMonthLabel, monthName } from './dates.js';

export const COUNTRY_NAMES: Readonly<Record<CountrySlug, string>> = {
  france: 'France',
  belgique: 'Belgique',
  suisse: 'Suisse',
};

/** ISO 3166-1 alpha-2 codes, for addresses (schema.org addressCountry). */
export const COUNTRY_CODES: Readonly<Record<CountrySlug, 'FR' | 'BE' | 'CH'>> = {
  france: 'FR',
  belgique: 'BE',
  suisse: 'CH',
};

export function isCountrySlug(value: string | null | undefined): value is CountrySlug {
  return typeof value === 'string' && (COUNTRY_SLUGS as readonly string[]).includes(value);
}

/** A city filter (`?ville=`): the API's city slug shape. */
export function isCitySlug(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);
}

/**
 * « à Lyon », and the contracted articles French requires: « au Havre », « aux Sables-d'Olonne »
 * (« à La Rochelle » keeps its article).
 */
export function inCity(name: string): string {
  if (/^Le\s/.test(name)) return `au ${name.slice(3)}`;
  if (/^Les\s/.test(name)) return `aux ${name.slice(4)}`;
  return `à ${name}`;
}

/** « en France », « en Belgique », « en Suisse » (all three are feminine). */
export function inCountry(country: CountrySlug): string {
  return `en ${COUNTRY_NAMES[country]}`;
}

export type ListingPeriod = { year: number | null; month: number | null; day: number | null };

/** « le 14 mars 2027 », « en mars 2027 », « en 2027 », or '' without a period. */
export function periodPhrase({ year, month, day }: ListingPeriod): string {
  if (year === null) return '';
  if (month === null) return `en ${year}`;
  if (day === null) return `en ${monthName(month)} ${year}`;
  return `le ${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

export type ListingSelection = ListingPeriod & {
  country: CountrySlug | null;
  /** The name of the city filtered on (`?ville=`), which names the place instead of the country. */
  cityName?: string | null;
};

function placePhrase({ country, cityName }: ListingSelection): string {
  if (cityName) return inCity(cityName);
  return country ? inCountry(country) : '';
}

/**
 * The title of a listing, naming the place and the period: « Billetteries à Lyon en mars 2027 »,
 * « Billetteries en Belgique », « Billetteries en France le 14 mars 2027 ».
 */
export function listingTitle(selection: ListingSelection): string {
  return ['Billetteries', placePhrase(selection), periodPhrase(selection)].filter(Boolean).join(' ');
}

/** The description of a listing for search engines and social previews. */
export function listingDescription(selection: ListingSelection): string {
  const context = [placePhrase(selection), periodPhrase(selection)].filter(Boolean).join(' ');
  const where = context || 'en France, en Belgique et en Suisse';
  return `Concerts, spectacles, festivals et sorties ${where} : dates, lieux et tarifs. Réservez vos billets en ligne sur Guichet.`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** '/billetteries', '/billetteries/france', '/billetteries/france/2027/03/14'. */
export function listingPath({
  country,
  year = null,
  month = null,
  day = null,
}: { country: CountrySlug | string | null } & Partial<ListingPeriod>): string {
  const segments = ['billetteries'];
  if (country) {
    segments.push(country);
    if (year !== null) {
      segments.push(String(year));
      if (month !== null) {
        segments.push(two(month));
        if (day !== null) segments.push(two(day));
      }
    }
  }
  return `/${segments.join('/')}`;
}

/** The slug form of a ticketing in URLs: 'les-nuits-electriques-1' (docs/decisions/0003). */
export function ticketingSlugId({ slug, id }: { slug: string; id: number }): string {
  return slug ? `${slug}-${id}` : String(id);
}

/** The canonical page of a ticketing: '/billetterie/les-nuits-electriques-1'. */
export function ticketingPath(ticketing: { slug: string; id: number }): string {
  return `/billetterie/${ticketingSlugId(ticketing)}`;
}

/** One line of a postal address: « Salle des Confluences, 12 quai Rambaud, 69002 Lyon ». */
export function formatAddress({
  venue,
  address,
  postalCode,
  city,
}: {
  venue?: string | null;
  address: string;
  postalCode: string;
  city: string;
}): string {
  return [venue, address, `${postalCode} ${city}`.trim()].filter(Boolean).join(', ');
}
