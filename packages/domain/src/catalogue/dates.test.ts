import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardEventDate,
  eventDays,
  eventLastDay,
  eventTiming,
  eventWhen,
  formatCalendarDate,
  formatDay,
  formatEventDate,
  formatShortDay,
  formatShortEventDate,
  formatTime,
  isEventPeriod,
  monthName,
  parisDate,
  parisInstant,
  parisParts,
  ticketEventWhen,
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

  it('dates a card of a period by its days, before it opens and once it is over, never by its first hour', () => {
    const expected = { label: 'du mer. 9 septembre au dim. 13 décembre 2026', dateTime: '2026-09-09' };
    expect(cardEventDate(exhibition, new Date('2026-09-01T12:00:00Z'))).toEqual(expected);
    expect(cardEventDate(exhibition, new Date('2027-01-01T12:00:00Z'))).toEqual(expected);
  });

  it('dates a running event by its end: « jusqu’au … »', () => {
    expect(cardEventDate(exhibition, new Date('2026-11-23T08:00:00Z'))).toEqual({
      label: 'jusqu’au dim. 13 décembre 2026',
      dateTime: '2026-12-13',
    });
  });

  it('says « aujourd’hui jusqu’à … » on its last day, in Paris time', () => {
    // 23:30 UTC on 12 December is already the 13th in Paris.
    expect(cardEventDate(exhibition, new Date('2026-12-12T23:30:00Z')).label).toBe('aujourd’hui jusqu’à 18 h 00');
    expect(cardEventDate(exhibition, new Date('2026-12-12T22:30:00Z')).label).toBe('jusqu’au dim. 13 décembre 2026');
  });

  it('turns to « aujourd’hui » at midnight in Paris to the millisecond, the request’s instant as a number too', () => {
    // The day of the request is read at its minute (kept for the whole minute): never a minute late or early.
    const lastMoment = Date.parse('2026-12-12T22:59:59.900Z');
    const firstMoment = Date.parse('2026-12-12T23:00:00.100Z');
    for (const now of [lastMoment, new Date(lastMoment)]) {
      expect(cardEventDate(exhibition, now).label).toBe('jusqu’au dim. 13 décembre 2026');
    }
    for (const now of [firstMoment, new Date(firstMoment)]) {
      expect(cardEventDate(exhibition, now).label).toBe('aujourd’hui jusqu’à 18 h 00');
    }
  });

  it('gives a run that closes at midnight the day before as its last day', () => {
    // Ends at 00:00 on Friday 18 December in Paris: the last day to go is Thursday 17.
    const fair = { startsAt: '2026-12-01T09:00:00Z', endsAt: '2026-12-17T23:00:00Z' };
    expect(cardEventDate(fair, new Date('2026-12-10T12:00:00Z')).label).toBe('jusqu’au jeu. 17 décembre 2026');
    expect(cardEventDate(fair, new Date('2026-12-17T12:00:00Z')).label).toBe('aujourd’hui jusqu’à minuit');
  });
});

describe('when an event takes place: one rule for a performance and a period', () => {
  // « Cités imaginaires »: Saturday 12 September 2026 11:00 to Sunday 20 December 2026 20:00 (Paris).
  const exhibition = { startsAt: '2026-09-12T09:00:00Z', endsAt: '2026-12-20T19:00:00Z' };
  const concert = { startsAt: '2026-09-12T18:00:00Z', endsAt: '2026-09-12T20:30:00Z' };
  const before = new Date('2026-09-01T12:00:00Z');
  const during = new Date('2026-11-26T12:00:00Z');

  it('calls a run of a day or more a period, anything shorter a performance', () => {
    expect(isEventPeriod(exhibition.startsAt, exhibition.endsAt)).toBe(true);
    expect(isEventPeriod(concert.startsAt, concert.endsAt)).toBe(false);
    // A one-night festival until 01:00 is still a performance; a full day is a period.
    expect(isEventPeriod('2026-09-12T16:00:00Z', '2026-09-13T00:00:00Z')).toBe(false);
    expect(isEventPeriod('2026-09-12T09:00:00Z', '2026-09-13T09:00:00Z')).toBe(true);
  });

  it('keeps a performance at its date and hour, before, during and after it', () => {
    for (const now of [before, new Date('2026-09-12T19:00:00Z'), during]) {
      expect(eventWhen(concert, now)).toEqual({
        label: 'samedi 12 septembre 2026 à 20 h 00',
        dateTime: concert.startsAt,
      });
      expect(eventWhen(concert, now, { ticket: true }).label).toBe('samedi 12 septembre 2026 à 20 h 00');
    }
    expect(eventWhen(concert, before, { short: true }).label).toBe('sam. 12 septembre 2026 à 20 h 00');
  });

  it('shows a period by its days, « du … au … » before it opens and « jusqu’au … » once open', () => {
    expect(eventWhen(exhibition, before)).toEqual({
      label: 'du samedi 12 septembre au dimanche 20 décembre 2026',
      dateTime: '2026-09-12',
    });
    expect(eventWhen(exhibition, during)).toEqual({
      label: 'jusqu’au dimanche 20 décembre 2026',
      dateTime: '2026-12-20',
    });
    expect(eventWhen(exhibition, before, { ticket: true }).label).toBe(
      'Valable du samedi 12 septembre au dimanche 20 décembre 2026',
    );
    expect(eventWhen(exhibition, during, { ticket: true }).label).toBe('Valable jusqu’au dimanche 20 décembre 2026');
    // Over: the whole period again (an order page read in January).
    expect(eventWhen(exhibition, new Date('2027-01-10T12:00:00Z')).label).toBe(
      'du samedi 12 septembre au dimanche 20 décembre 2026',
    );
    for (const now of [before, during]) expect(eventWhen(exhibition, now).label).not.toContain('11 h 00');
  });

  it('gives a ticket its line: the hour of a performance, the validity of a period', () => {
    expect(ticketEventWhen(concert, during)).toBe('Samedi 12 septembre 2026 à 20 h 00');
    expect(ticketEventWhen(exhibition, '2026-11-26T12:00:00Z')).toBe('Valable jusqu’au dimanche 20 décembre 2026');
    expect(ticketEventWhen(exhibition, before.getTime())).toBe(
      'Valable du samedi 12 septembre au dimanche 20 décembre 2026',
    );
  });

  it('writes both years of a period across the new year', () => {
    const fair = { startsAt: '2026-12-19T09:00:00Z', endsAt: '2027-01-03T17:00:00Z' };
    expect(eventWhen(fair, before, { short: true }).label).toBe('du sam. 19 décembre 2026 au dim. 3 janvier 2027');
  });

  it('gives a festival whose last night ends after midnight the day of that night as its last day', () => {
    // Two nights from Saturday 19 September 2026 19:00 to Monday 21 at 02:00 (Paris): Saturday and Sunday.
    const festival = { startsAt: '2026-09-19T17:00:00Z', endsAt: '2026-09-21T00:00:00Z' };
    expect(eventDays(festival)).toEqual({ firstDay: '2026-09-19', lastDay: '2026-09-20' });
    expect(eventWhen(festival, before).label).toBe('du samedi 19 septembre au dimanche 20 septembre 2026');
    expect(eventLastDay('2026-09-21T04:30:00Z')).toBe('2026-09-21');
    expect(eventDays(concert)).toEqual({ firstDay: '2026-09-12', lastDay: '2026-09-12' });
  });
});

describe('dates computed once per instant (issue 23: the cards formatted every date on every request)', () => {
  // What Intl says, asked afresh each time and in another way (full date, month by name): the reference the
  // kept parts must agree with.
  const reference = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'full',
    timeStyle: 'short',
  });
  const shortWeekday = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'short' });
  const instants = fc.date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2035-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('gives the same instant the same parts, kept and frozen', () => {
    const first = parisParts('2027-03-13T19:00:00Z');
    expect(parisParts(new Date('2027-03-13T19:00:00Z'))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('agrees with Intl for any instant, asked once or again, by Date or by string', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const parts = Object.fromEntries(reference.formatToParts(instant).map((part) => [part.type, part.value]));
        for (const asked of [instant, instant.toISOString(), instant]) {
          const { weekday, year, month, day, hour, minute } = parisParts(asked);
          expect([weekday, year, monthName(month), day, hour, minute]).toEqual([
            parts.weekday,
            Number(parts.year),
            parts.month,
            Number(parts.day),
            parts.hour,
            parts.minute,
          ]);
          expect(formatShortDay(asked).split(' ')[0]).toBe(shortWeekday.format(instant));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('parisInstant', () => {
  it('reads a Paris date and hour in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(parisInstant('2027-01-15', '20:30').toISOString()).toBe('2027-01-15T19:30:00.000Z');
    expect(parisInstant('2027-06-18', '20:30').toISOString()).toBe('2027-06-18T18:30:00.000Z');
    expect(parisInstant('2027-12-31', '23:59').toISOString()).toBe('2027-12-31T22:59:00.000Z');
  });

  it('meets the changes of hour: the hour that never happens is read an hour later, the one that happens twice is its first', () => {
    // Sunday 28 March 2027: 02:00 becomes 03:00.
    expect(parisInstant('2027-03-28', '01:59').toISOString()).toBe('2027-03-28T00:59:00.000Z');
    expect(parisInstant('2027-03-28', '02:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(parisInstant('2027-03-28', '03:00').toISOString()).toBe('2027-03-28T01:00:00.000Z');
    // Sunday 31 October 2027: 03:00 becomes 02:00 again.
    expect(parisInstant('2027-10-31', '02:30').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(parisInstant('2027-10-31', '03:00').toISOString()).toBe('2027-10-31T02:00:00.000Z');
  });

  it('gives back the date and hour typed for any hour that exists', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          const { year, month, day, hour, minute } = parisParts(instant);
          const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const read = parisInstant(date, `${hour}:${minute}`);
          expect(parisParts(read)).toMatchObject({ year, month, day, hour, minute });
        },
      ),
    );
  });

  it('refuses what is no date or hour', () => {
    expect(() => parisInstant('2027-1-5', '20:30')).toThrow(RangeError);
    expect(() => parisInstant('2027-01-05', '8h30')).toThrow(RangeError);
  });
});
