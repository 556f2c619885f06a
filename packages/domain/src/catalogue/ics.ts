/**
 * « Ajouter à mon agenda »: one event as an iCalendar file (RFC 5545) that every calendar application
 * opens. Lines end with CRLF and are folded at 75 octets; text values are escaped.
 */
import { addCalendarDays } from '../calendar.js';
import { eventDays, isEventPeriod } from './dates.js';

export type IcsEvent = {
  /** Globally unique and stable: the same event imported twice updates the first copy. */
  uid: string;
  /** When the file was made. */
  stamp: Date | string;
  start: Date | string;
  end: Date | string;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  cancelled?: boolean;
  /**
   * The schedule's revision (ticketing.schedule_revision, raised by each postponement): a calendar holding
   * the same UID with a lower SEQUENCE takes the new date (RFC 5545 §3.8.7.4). 0 when left out.
   */
  sequence?: number;
};

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** A date-time in UTC, the form every client reads: 20270314T190000Z. */
export function formatIcsDateTime(value: Date | string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Date invalide : ${String(value)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks written \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_OCTETS = 75;

/** Octets of a string in UTF-8 (the unit of RFC 5545's line length). */
export function utf8Length(text: string): number {
  let octets = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    octets += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return octets;
}

/**
 * Folds a content line (RFC 5545 §3.1): no line longer than 75 octets; each continuation starts with one
 * space, which counts in its 75. A line is cut between characters, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character);
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

const PRODUCT_ID = '-//Guichet//Billetterie//FR';

/**
 * When the event is, as DTSTART and DTEND: a performance at its instants; an event that runs over a
 * period (eventWhen's rule) as whole days, its first day to its last (DTEND is the day after, exclusive,
 * RFC 5545 §3.6.1), so that a calendar shows it across those days, not as a 100-day meeting from its
 * first day's opening hour (docs/decisions/0042).
 */
function icsWhen(event: IcsEvent): [string, string][] {
  const startsAt = toDate(event.start).toISOString();
  const endsAt = toDate(event.end).toISOString();
  if (!isEventPeriod(startsAt, endsAt)) {
    return [
      ['DTSTART', formatIcsDateTime(startsAt)],
      ['DTEND', formatIcsDateTime(endsAt)],
    ];
  }
  const { firstDay, lastDay } = eventDays({ startsAt, endsAt });
  const icsDate = (isoDate: string) => isoDate.replace(/-/g, '');
  return [
    ['DTSTART;VALUE=DATE', icsDate(firstDay)],
    ['DTEND;VALUE=DATE', icsDate(addCalendarDays(lastDay, 1))],
  ];
}

/** A VCALENDAR holding one VEVENT; every line is folded and ends with CRLF. */
export function buildIcsCalendar(event: IcsEvent): string {
  const properties: [string, string][] = [
    ['BEGIN', 'VCALENDAR'],
    ['VERSION', '2.0'],
    ['PRODID', PRODUCT_ID],
    ['CALSCALE', 'GREGORIAN'],
    ['METHOD', 'PUBLISH'],
    ['BEGIN', 'VEVENT'],
    ['UID', escapeIcsText(event.uid)],
    ['DTSTAMP', formatIcsDateTime(event.stamp)],
    ['SEQUENCE', String(Math.max(0, Math.trunc(event.sequence ?? 0)))],
    ...icsWhen(event),
    ['SUMMARY', escapeIcsText(event.summary)],
  ];
  if (event.location) properties.push(['LOCATION', escapeIcsText(event.location)]);
  if (event.description) properties.push(['DESCRIPTION', escapeIcsText(event.description)]);
  // A URI value, not TEXT: written as is (commas and semicolons are legal in it).
  if (event.url) properties.push(['URL', event.url.replace(/[\r\n]/g, '')]);
  properties.push(['STATUS', event.cancelled ? 'CANCELLED' : 'CONFIRMED'], ['END', 'VEVENT'], ['END', 'VCALENDAR']);
  return properties.map(([name, value]) => `${foldIcsLine(`${name}:${value}`)}\r\n`).join('');
}
