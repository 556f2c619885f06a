import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDate, daysBetween, daysInMonth } from './calendar.js';

describe('calendar dates', () => {
  it('knows leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2027, 1)).toBe(31);
    expect(daysInMonth(2027, 11)).toBe(30);
  });

  it('writes a date with its zeros', () => {
    expect(calendarDate(2027)).toBe('2027-01-01');
    expect(calendarDate(2027, 3)).toBe('2027-03-01');
    expect(calendarDate(2027, 3, 9)).toBe('2027-03-09');
  });

  it('counts days across months and years', () => {
    expect(addCalendarDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(daysBetween('2027-02-27', '2027-03-01')).toBe(2);
    expect(daysBetween('2027-03-01', '2027-03-01')).toBe(0);
    expect(daysBetween('2027-03-02', '2027-03-01')).toBe(-1);
  });
});
