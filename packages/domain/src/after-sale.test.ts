import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  formatCreditNoteNumber,
  frenchPublicHolidays,
  isWorkingDay,
  REFUND_REASONS,
  withdrawalDeadline,
} from './after-sale.js';
import { addCalendarDays, daysBetween } from './calendar.js';
import { parisDate } from './catalogue/dates.js';
import { REVOKED_VERDICTS } from './door/decide.js';
import { formatInvoiceNumber } from './orders.js';

describe('REFUND_REASONS', () => {
  it('are the reasons the door knows a revoked ticket by, no more, no fewer', () => {
    expect([...REFUND_REASONS].sort()).toEqual(Object.keys(REVOKED_VERDICTS).sort());
  });
});

describe('formatCreditNoteNumber', () => {
  it('prints a credit note as « AV- » and six digits, padded like an invoice', () => {
    expect(formatCreditNoteNumber(1)).toBe('AV-000001');
    expect(formatCreditNoteNumber(42)).toBe('AV-000042');
    expect(formatCreditNoteNumber(1_234_567)).toBe('AV-1234567');
    expect(formatInvoiceNumber(42)).toBe('FAC-000042');
  });
});

describe('easterSunday and the public holidays', () => {
  it('finds Easter Sunday in known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the eleven French public holidays of a year', () => {
    expect([...frenchPublicHolidays(2027)].sort()).toEqual([
      '2027-01-01',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-08',
      '2027-05-17',
      '2027-07-14',
      '2027-08-15',
      '2027-11-01',
      '2027-11-11',
      '2027-12-25',
    ]);
  });

  it('counts weekdays that are not holidays as working days', () => {
    expect(isWorkingDay('2027-03-17')).toBe(true); // a Wednesday
    expect(isWorkingDay('2027-02-20')).toBe(false); // a Saturday
    expect(isWorkingDay('2027-02-21')).toBe(false); // a Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // a Wednesday, Armistice
  });
});

describe('withdrawalDeadline', () => {
  it('ends with the 14th Paris day after the day of payment, at its last millisecond in Paris', () => {
    // Paid Wednesday 3 March 2027 at 11:00 in Paris (UTC+1): ends Wednesday 17 March, 23:59:59.999 Paris.
    expect(withdrawalDeadline(new Date('2027-03-03T10:00:00Z')).toISOString()).toBe('2027-03-17T22:59:59.999Z');
  });

  it('ends at midnight winter time when the period crosses the end of summer time', () => {
    // Paid Tuesday 20 October 2026 at 14:00 in Paris (UTC+2); clocks go back on 25 October.
    expect(withdrawalDeadline(new Date('2026-10-20T12:00:00Z')).toISOString()).toBe('2026-11-03T22:59:59.999Z');
  });

  it('runs from a Saturday to the next Monday', () => {
    // Paid Saturday 6 February 2027: the 14th day is Saturday 20 February, so Monday 22 February.
    expect(withdrawalDeadline(new Date('2027-02-06T10:00:00Z')).toISOString()).toBe('2027-02-22T22:59:59.999Z');
  });

  it('runs past a public holiday to the next working day', () => {
    // 14th day Wednesday 11 November 2026 (Armistice) → Thursday 12 November.
    expect(withdrawalDeadline(new Date('2026-10-28T10:00:00Z')).toISOString()).toBe('2026-11-12T22:59:59.999Z');
    // 14th day Easter Monday 29 March 2027 → Tuesday 30 March, now summer time (UTC+2).
    expect(withdrawalDeadline(new Date('2027-03-15T10:00:00Z')).toISOString()).toBe('2027-03-30T21:59:59.999Z');
    // The longest run: Ascension on Thursday 7 May 2043, 8 May a Friday, then the weekend → Monday 11 May.
    expect(withdrawalDeadline(new Date('2043-04-23T10:00:00Z')).toISOString()).toBe('2043-05-11T21:59:59.999Z');
  });

  it('counts from the Paris day of payment, not the UTC one', () => {
    // 23:30 UTC on Monday 4 January 2027 is 00:30 on Tuesday 5 January in Paris: ends Tuesday 19 January.
    expect(withdrawalDeadline(new Date('2027-01-04T23:30:00Z')).toISOString()).toBe('2027-01-19T22:59:59.999Z');
  });

  it('always ends a working day 14 to 18 days after the Paris day of payment, at its last instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((time) => new Date(time)),
        (paidAt) => {
          const deadline = withdrawalDeadline(paidAt);
          const day = parisDate(deadline);
          const days = daysBetween(parisDate(paidAt), day);
          expect(days).toBeGreaterThanOrEqual(14);
          expect(days).toBeLessThanOrEqual(18);
          expect(isWorkingDay(day)).toBe(true);
          expect(parisDate(new Date(deadline.getTime() + 1))).toBe(addCalendarDays(day, 1));
          // No working day is skipped: every day between the 14th and the deadline is not one.
          for (let d = addCalendarDays(parisDate(paidAt), 14); d < day; d = addCalendarDays(d, 1)) {
            expect(isWorkingDay(d)).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
