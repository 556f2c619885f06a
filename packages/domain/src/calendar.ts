/**
 * Calendar dates as 'YYYY-MM-DD' text, with no time zone: the arithmetic of listing periods, the agenda
 * and date fields. Which calendar day an instant falls on is for `parisDate` (catalogue/dates.ts).
 */

/** Days in a month of the Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** 'YYYY-MM-DD' of a year, month (1–12) and day; the first of January or of the month by default. */
export function calendarDate(year: number, month = 1, day = 1): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The calendar date `days` days after `date` (both 'YYYY-MM-DD'; `days` may be negative). */
export function addCalendarDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (both 'YYYY-MM-DD'): 0 when equal, negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}
