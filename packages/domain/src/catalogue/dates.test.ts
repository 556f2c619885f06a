import { describe, expect, it } from 'vitest';
import {
  cardEventDate,
  eventTiming,
  formatCalendarDate,
  formatDay,
  formatEventDate,
  formatEventPeriod,
  formatShortEventDate,
  formatTime,
  monthName,
  parisDate,
  parisParts,
} from './dates.js';

describe('French dates in Paris time', () => {
  it('writes a date and time the French way', () => {
    // 19:00 UTC in March (winter time) is 20:00 in Paris.
    expect(formatEventDate('2027-03-13T19:00:00Z')).toBe('samedi 13 mars 2027 à 20 h 00');
    expect(formatDay('2027-03-13T19:00:00Z')).toBe('samedi 13 mars 2027');
    expect(formatTime('2027-03-13T19:00:00Z')).toBe('20 h 00');
    expect(formatShortEventDate('2027-03-13T19:00:00Z')).toBe('sam. 13 mars 2027 à 20 h 00');
  });

  it('follows summer time and writes the first of the month « 1er »', () => {
    // 18:30 UTC on 1 July is 20:30 in Paris (UTC+2).
    expect(formatEventDate(new Date('2026-07-01T18:30:00Z'))).toBe('mercredi 1er juillet 2026 à 20 h 30');
    expect(formatTime('2026-07-01T07:05:00Z')).toBe('09 h 05');
  });

  it('reads the calendar day in Paris, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(parisDate('2026-12-31T23:30:00Z')).toBe('2027-01-01');
    expect(parisParts('2026-12-31T23:30:00Z')).toMatchObject({ year: 2027, month: 1, day: 1, hour: '00' });
    expect(formatDay('2026-12-31T23:30:00Z')).toBe('vendredi 1er janvier 2027');
  });

  it('gives an evening its start, and a longer run « du … au … »', () => {
    expect(formatEventPeriod('2027-03-13T19:00:00Z', '2027-03-13T23:30:00Z')).toBe('samedi 13 mars 2027 à 20 h 00');
    expect(formatEventPeriod('2027-03-13T19:00:00Z', '2027-03-15T01:00:00Z')).toBe(
      'du samedi 13 mars 2027 à 20 h 00 au lundi 15 mars 2027 à 02 h 00',
    );
  });

  it('writes a calendar date of the agenda', () => {
    expect(formatCalendarDate('2027-03-14')).toBe('dimanche 14 mars 2027');
    expect(formatCalendarDate('2026-10-25')).toBe('dimanche 25 octobre 2026');
    expect(() => formatCalendarDate('14/03/2027')).toThrow(RangeError);
  });

  it('names the months', () => {
    expect(monthName(2)).toBe('février');
    expect(monthName(8)).toBe('août');
    expect(() => monthName(13)).toThrow(RangeError);
  });

  it('refuses an invalid date', () => {
    expect(() => formatEventDate('hier')).toThrow(RangeError);
  });
});

describe('an event seen at an instant', () => {
  // An exhibition from Wednesday 9 September 2026 10:00 to Sunday 13 December 2026 18:00 (Paris).
  const exhibition = { startsAt: '2026-09-09T08:00:00Z', endsAt: '2026-12-13T17:00:00Z' };

  it('is upcoming before its start, running until its end, then ended', () => {
    expect(eventTiming(exhibition.startsAt, exhibition.endsAt, new Date('2026-09-09T07:59:59Z'))).toBe('upcoming');
    expect(eventTiming(exhibition.startsAt, exhibition.endsAt, new Date('2026-09-09T08:00:00Z'))).toBe('running');
    expect(eventTiming(exhibition.startsAt, exhibition.endsAt, Date.parse('2026-12-13T16:59:59Z'))).toBe('running');
    expect(eventTiming(exhibition.startsAt, exhibition.endsAt, Date.parse('2026-12-13T17:00:00Z'))).toBe('ended');
  });

  it('dates a card by its start, before it begins and once it is over', () => {
    const expected = { label: 'mer. 9 septembre 2026 à 10 h 00', dateTime: exhibition.startsAt };
    expect(cardEventDate(exhibition, new Date('2026-09-01T12:00:00Z'))).toEqual(expected);
    expect(cardEventDate(exhibition, new Date('2027-01-01T12:00:00Z'))).toEqual(expected);
  });

  it('dates a running event by its end: « jusqu’au … »', () => {
    expect(cardEventDate(exhibition, new Date('2026-11-23T08:00:00Z'))).toEqual({
      label: "jusqu'au dim. 13 décembre 2026",
      dateTime: exhibition.endsAt,
    });
  });

  it('says « aujourd’hui jusqu’à … » on its last day, in Paris time', () => {
    // 23:30 UTC on 12 December is already the 13th in Paris.
    expect(cardEventDate(exhibition, new Date('2026-12-12T23:30:00Z')).label).toBe("aujourd'hui jusqu'à 18 h 00");
    expect(cardEventDate(exhibition, new Date('2026-12-12T22:30:00Z')).label).toBe("jusqu'au dim. 13 décembre 2026");
  });

  it('gives a run that closes at midnight the day before as its last day', () => {
    // Ends at 00:00 on Friday 18 December in Paris: the last day to go is Thursday 17.
    const fair = { startsAt: '2026-12-01T09:00:00Z', endsAt: '2026-12-17T23:00:00Z' };
    expect(cardEventDate(fair, new Date('2026-12-10T12:00:00Z')).label).toBe("jusqu'au jeu. 17 décembre 2026");
    expect(cardEventDate(fair, new Date('2026-12-17T12:00:00Z')).label).toBe("aujourd'hui jusqu'à minuit");
  });
});
