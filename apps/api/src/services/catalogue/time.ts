/**
 * Calendar days of the catalogue are those of Paris: « events of 5 December » means from midnight to
 * midnight in Europe/Paris, whatever the server's time zone. The dates themselves (`parisDate`, the
 * calendar arithmetic) are the domain's; this module turns them into SQL.
 */
import { addCalendarDays, CATALOGUE_TIME_ZONE, calendarDate } from '@guichet/domain';
import { type SQL, sql } from 'drizzle-orm';

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
  if (month === undefined) return { start: calendarDate(year), end: calendarDate(year + 1) };
  if (day === undefined) {
    return {
      start: calendarDate(year, month),
      end: month === 12 ? calendarDate(year + 1) : calendarDate(year, month + 1),
    };
  }
  const start = calendarDate(year, month, day);
  return { start, end: addCalendarDays(start, 1) };
}
