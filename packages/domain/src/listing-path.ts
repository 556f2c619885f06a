import { daysInMonth } from './calendar.js';
import { parseTicketingId } from './ids.js';

/**
 * What a ticketing listing URL selects: /billetteries[/{country}[/{year}[/{month}[/{day}]]]][/{ticketingID}].
 * Every part is optional; null means "not in the path".
 */
export type ListingPath = {
  country: string | null;
  year: number | null;
  month: number | null;
  day: number | null;
  ticketingID: number | null;
};

/** A country segment is a lowercase slug without digits: 'france', 'royaume-uni'. */
const COUNTRY_SLUG = /^[a-z]+(?:-[a-z]+)*$/;
const YEAR = /^\d{4}$/;
const MONTH_OR_DAY = /^\d{2}$/;

/**
 * Reads the segments after /billetteries. `/billetteries/{country}/{year}` and
 * `/billetteries/{country}/{ticketingID}` have the same shape, so each segment is read by its own shape:
 * after the country, 4 digits are a year (1000–9999); after a year, 2 digits are a month (01–12);
 * after a month, 2 digits are a day (valid for that month). A segment of the right shape but an impossible
 * value makes the whole path invalid. The first segment that is not a date part must be the last one and a
 * ticketingID (numeric or a slug ending in '-{id}'). Returns null for an invalid path (the page answers 404).
 */
export function parseListingPath(segments: readonly string[]): ListingPath | null {
  const result: ListingPath = { country: null, year: null, month: null, day: null, ticketingID: null };
  let index = 0;
  const next = () => segments[index];

  const first = next();
  if (first !== undefined && COUNTRY_SLUG.test(first)) {
    result.country = first;
    index += 1;

    const year = next();
    if (year !== undefined && YEAR.test(year)) {
      result.year = Number(year);
      if (result.year < 1000) return null;
      index += 1;

      const month = next();
      if (month !== undefined && MONTH_OR_DAY.test(month)) {
        result.month = Number(month);
        if (result.month < 1 || result.month > 12) return null;
        index += 1;

        const day = next();
        if (day !== undefined && MONTH_OR_DAY.test(day)) {
          result.day = Number(day);
          if (result.day < 1 || result.day > daysInMonth(result.year, result.month)) return null;
          index += 1;
        }
      }
    }
  }

  const rest = segments.slice(index);
  if (rest.length === 0) return result;
  if (rest.length > 1) return null;
  result.ticketingID = parseTicketingId(rest[0]);
  return result.ticketingID === null ? null : result;
}
