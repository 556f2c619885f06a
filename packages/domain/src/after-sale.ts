/** After the sale: why a ticket is refunded, the credit note's number and the buyer's withdrawal period. */
import { addCalendarDays, calendarDate } from './calendar.js';
import { parisDate, parisInstant } from './catalogue/dates.js';
import { formatDocumentNumber } from './orders.js';

/**
 * Why an order's lines are refunded, one closed set: the organiser's own refund, the ticketing's
 * cancellation, a refund asked after a postponement, a deal's withdrawal. The door's revocations
 * (door/decide.ts) are keyed by it.
 */
export const REFUND_REASONS = ['ORGANIZER', 'CANCELLATION', 'POSTPONEMENT', 'WITHDRAWAL'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * A refund is asked of the payment provider after its tickets are revoked: PENDING until the provider says it
 * is done (SUCCEEDED, its credit note numbered), FAILED after the worker gave up (shown to the organiser).
 */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** « AV-000001 »: a credit note's number as printed, from its own gap-free counter (never an invoice's). */
export function formatCreditNoteNumber(number: number): string {
  return formatDocumentNumber('AV', number);
}

/** Easter Sunday of a Gregorian year as 'YYYY-MM-DD' (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return calendarDate(year, month, day);
}

/** The eleven French public holidays (Code du travail L3133-1) of a year, as 'YYYY-MM-DD'. */
export function frenchPublicHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  return new Set([
    calendarDate(year, 1, 1),
    addCalendarDays(easter, 1), // lundi de Pâques
    calendarDate(year, 5, 1),
    calendarDate(year, 5, 8),
    addCalendarDays(easter, 39), // Ascension
    addCalendarDays(easter, 50), // lundi de Pentecôte
    calendarDate(year, 7, 14),
    calendarDate(year, 8, 15),
    calendarDate(year, 11, 1),
    calendarDate(year, 11, 11),
    calendarDate(year, 12, 25),
  ]);
}

/** Neither a Saturday, a Sunday nor a public holiday ('YYYY-MM-DD', a calendar date with no time zone). */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !frenchPublicHolidays(Number(date.slice(0, 4))).has(date);
}

/**
 * The last instant a buyer may withdraw from a deal paid at `paidAt`. L221-18 Code de la consommation: 14
 * days from the contract's day, the day itself not counted (Article 641 CPC), so the period ends with the
 * 14th Paris day after the day of payment; L221-19 and Article 642 CPC: a period ending on a Saturday, a
 * Sunday or a public holiday runs to the next working day. Its end is that day's last millisecond in Paris.
 */
export function withdrawalDeadline(paidAt: Date): Date {
  let day = addCalendarDays(parisDate(paidAt), 14);
  while (!isWorkingDay(day)) day = addCalendarDays(day, 1);
  // 23:59 is never skipped nor repeated by a change of hour in Paris (they happen at 02:00 and 03:00).
  return new Date(parisInstant(day, '23:59').getTime() + 59_999);
}
