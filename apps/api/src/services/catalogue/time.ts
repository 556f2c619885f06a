/**
 * Calendar days of the catalogue are those of Paris: « events of 5 December » means from midnight to
 * midnight in Europe/Paris, whatever the server's time zone.
 */
import { type SQL, sql } from 'drizzle-orm';

export const CATALOGUE_TIME_ZONE = 'Europe/Paris';

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CATALOGUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Paris calendar date (YYYY-MM-DD) of an instant. */
export function parisDate(instant: Date): string {
  return parisDay.format(instant);
}

/** A calendar date `days` days after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Number of days from `from` to `to` (YYYY-MM-DD), 0 when equal. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

export const isoDate = (year: number, month = 1, day = 1) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The instant midnight starts in Paris on `date` (YYYY-MM-DD), as a SQL timestamptz. */
export function parisMidnight(date: string): SQL {
  return sql`(${date}::timestamp AT TIME ZONE ${sql.raw(`'${CATALOGUE_TIME_ZONE}'`)})`;
}

/** An instant as a SQL timestamptz parameter (the same text on both drivers). */
export function instant(value: Date | string): SQL {
  return sql`${typeof value === 'string' ? value : value.toISOString()}::timestamptz`;
}

/** A period asked for as a year, a month of a year or a day of a month: [start, end) as calendar dates. */
export function periodOf(year: number, month?: number, day?: number): { start: string; end: string } {
  if (month === undefined) return { start: isoDate(year), end: isoDate(year + 1) };
  if (day === undefined) {
    return { start: isoDate(year, month), end: month === 12 ? isoDate(year + 1) : isoDate(year, month + 1) };
  }
  const start = isoDate(year, month, day);
  return { start, end: addDays(start, 1) };
}
