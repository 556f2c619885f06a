import { describe, expect, it } from 'vitest';
import { buildIcsCalendar, escapeIcsText, foldIcsLine, formatIcsDateTime, utf8Length } from './ics.js';

const octets = utf8Length;

describe('iCalendar', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeIcsText('Lyon, France; salle\\2\nporte B\r\nétage 1')).toBe(
      'Lyon\\, France\\; salle\\\\2\\nporte B\\nétage 1',
    );
  });

  it('writes date-times in UTC', () => {
    expect(formatIcsDateTime('2027-03-13T19:00:00.000Z')).toBe('20270313T190000Z');
    expect(formatIcsDateTime(new Date('2026-07-01T18:30:05Z'))).toBe('20260701T183005Z');
    expect(() => formatIcsDateTime('demain')).toThrow(RangeError);
  });

  it('counts octets in UTF-8', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('🎫')).toBe(4);
  });

  it('folds lines at 75 octets without cutting a character in two', () => {
    expect(foldIcsLine('SUMMARY:court')).toBe('SUMMARY:court');
    const long = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldIcsLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    // Unfolding (removing CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    const ascii = foldIcsLine(`X:${'a'.repeat(200)}`).split('\r\n');
    expect(ascii.map(octets)).toEqual([75, 75, 54]);
    // A four-octet character at the edge moves whole to the next line.
    const emoji = foldIcsLine(`X:${'a'.repeat(72)}🎫b`).split('\r\n');
    expect(emoji).toEqual([`X:${'a'.repeat(72)}`, ' 🎫b']);
  });

  it('builds a calendar with one event', () => {
    const ics = buildIcsCalendar({
      uid: 'ticketing-1@guichet.example',
      stamp: '2026-11-22T10:00:00Z',
      start: '2026-12-16T17:00:00Z',
      end: '2026-12-17T23:00:00Z',
      summary: 'Les Nuits Électriques',
      location: 'Salle des Confluences, 12 quai Rambaud, 69002 Lyon',
      description: 'Deux nuits de musiques électroniques; de la house à la soul.',
      url: 'https://www.guichet.fr/billetterie/les-nuits-electriques-1',
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Guichet//Billetterie//FR',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:ticketing-1@guichet.example');
    expect(lines).toContain('DTSTAMP:20261122T100000Z');
    // Never postponed: revision 0, which a postponed copy's higher SEQUENCE replaces in the buyer's calendar.
    expect(lines).toContain('SEQUENCE:0');
    // Two nights (Wednesday 16 from 18:00 to Friday 18 at 00:00, Paris): a period, as whole days, the 16th
    // and the 17th (DTEND, exclusive, is the day after the last), never the first night's hour.
    expect(lines).toContain('DTSTART;VALUE=DATE:20261216');
    expect(lines).toContain('DTEND;VALUE=DATE:20261218');
    expect(unfolded).not.toContain('T170000Z');
    expect(lines).toContain('SUMMARY:Les Nuits Électriques');
    expect(lines).toContain('LOCATION:Salle des Confluences\\, 12 quai Rambaud\\, 69002 Lyon');
    expect(lines).toContain('DESCRIPTION:Deux nuits de musiques électroniques\\; de la house à la soul.');
    expect(lines).toContain('URL:https://www.guichet.fr/billetterie/les-nuits-electriques-1');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('marks a cancelled event and leaves out what is missing', () => {
    const ics = buildIcsCalendar({
      uid: 'ticketing-9@guichet.example',
      stamp: '2026-11-22T10:00:00Z',
      start: '2026-12-16T17:00:00Z',
      end: '2026-12-16T19:00:00Z',
      summary: 'Annulé',
      cancelled: true,
    });
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    // A performance keeps its hours.
    expect(ics).toContain('DTSTART:20261216T170000Z\r\nDTEND:20261216T190000Z\r\n');
    expect(ics).not.toContain('LOCATION');
    expect(ics).not.toContain('URL:');
  });
});
