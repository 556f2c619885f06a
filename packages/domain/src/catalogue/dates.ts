/**
 * Dates of the catalogue in French, read in Paris time whatever the server's or the visitor's time zone:
 * the server and the browser print the same text, so hydration never disagrees.
 */
import { addCalendarDays, calendarDate } from '../calendar.js';
import { remembered } from '../remembered.js';

/** The time zone of every calendar day of the catalogue, for the web and the API's SQL alike. */
export const CATALOGUE_TIME_ZONE = 'Europe/Paris';

export const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** 'mars' for 3. */
export function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (!name) throw new RangeError(`Mois invalide : ${month}`);
  return name;
}

/** « 1er » for the first day of a month, as French writes it; the number otherwise. */
export function dayOfMonthLabel(day: number): string {
  return day === 1 ? '1er' : String(day);
}

const parisFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: CATALOGUE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * « sam. » for « samedi »: the short form of each of the seven weekdays, asked of Intl once (seven Mondays to
 * Sundays of January 2024 at noon) rather than of a second formatter for every date a card prints.
 */
const SHORT_WEEKDAYS: ReadonlyMap<string, string> = (() => {
  const long = new Intl.DateTimeFormat('fr-FR', { timeZone: CATALOGUE_TIME_ZONE, weekday: 'long' });
  const short = new Intl.DateTimeFormat('fr-FR', { timeZone: CATALOGUE_TIME_ZONE, weekday: 'short' });
  const days = Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2024, 0, 1 + index, 12)));
  return new Map(days.map((day) => [long.format(day), short.format(day)]));
})();

export type ParisDateParts = {
  /** 'samedi'. */
  weekday: string;
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** '20', '09'. */
  hour: string;
  minute: string;
};

/** An ISO text's instant, parsed once: the same few texts of the catalogue are read over and over. */
const timeOfText = remembered((text: string) => new Date(text).getTime(), 5_000);

/** An instant as ms since the epoch; a RangeError for an invalid date. */
function timeOf(instant: Date | string): number {
  const time = typeof instant === 'string' ? timeOfText(instant) : instant.getTime();
  if (Number.isNaN(time)) throw new RangeError(`Date invalide : ${String(instant)}`);
  return time;
}

/**
 * The parts of each instant (ms since the epoch), computed once: a page prints the same few dates several
 * times (a card's start and end, its day and its hour) and every visitor's page prints the same catalogue;
 * `formatToParts` was the cards' largest own cost in a profile of the listing (issue 23).
 */
const partsOf = remembered((time: number): Readonly<ParisDateParts> => {
  const parts = Object.fromEntries(parisFormat.formatToParts(time).map((part) => [part.type, part.value]));
  return Object.freeze({
    weekday: parts.weekday ?? '',
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: parts.hour ?? '00',
    minute: parts.minute ?? '00',
  });
}, 5_000);

/** The calendar parts of an instant in Paris (a shared, frozen object: copy it to change it). */
export function parisParts(instant: Date | string): Readonly<ParisDateParts> {
  return partsOf(timeOf(instant));
}

/** The Paris calendar date of an instant: 'YYYY-MM-DD'. */
export function parisDate(instant: Date | string): string {
  const { year, month, day } = parisParts(instant);
  return calendarDate(year, month, day);
}

/** A Paris wall-clock time read as if it were UTC: what `parisInstant` compares its candidates with. */
function parisWallTime(time: number): number {
  const { year, month, day, hour, minute } = parisParts(new Date(time));
  return Date.UTC(year, month - 1, day, Number(hour), Number(minute));
}

const DAY = 86_400_000;

/**
 * The instant a date and hour mean in Paris (« le 29 mars 2026 à 20 h 30 »), whatever the server's time zone:
 * what an organiser types. Paris's offset is read on both sides of the wall time (a change of hour happens at
 * most once a day), so a change of hour is met exactly: an hour that happens twice (the last Sunday of
 * October, 02:30) is its first occurrence, and one that does not exist (the last Sunday of March, 02:30) is
 * read with the offset before the change, i.e. an hour later on the clock (03:30) — as calendars do.
 * `date` is 'YYYY-MM-DD', `time` 'HH:MM'.
 */
export function parisInstant(date: string, time: string): Date {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) throw new RangeError(`Date ou heure invalide : ${date} ${time}`);
  const wall = Date.UTC(
    Number(dateMatch[1]),
    Number(dateMatch[2]) - 1,
    Number(dateMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  const offsetAt = (time: number) => parisWallTime(time) - Math.floor(time / 60_000) * 60_000;
  const before = offsetAt(wall - DAY);
  const after = offsetAt(wall + DAY);
  const candidates = [wall - before, wall - after].filter((candidate) => parisWallTime(candidate) === wall);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before);
}

/** « samedi 14 mars 2027 ». */
export function formatDay(instant: Date | string): string {
  const { weekday, year, month, day } = parisParts(instant);
  return `${weekday} ${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

/** « 20 h 00 », the French way of writing a time. */
export function formatTime(instant: Date | string): string {
  const { hour, minute } = parisParts(instant);
  return `${hour} h ${minute}`;
}

/** « samedi 14 mars 2027 à 20 h 00 ». */
export function formatEventDate(instant: Date | string): string {
  return `${formatDay(instant)} à ${formatTime(instant)}`;
}

/** « sam. 14 mars 2027 », for cards. */
export function formatShortDay(instant: Date | string): string {
  const { weekday, year, month, day } = parisParts(instant);
  return `${SHORT_WEEKDAYS.get(weekday) ?? weekday} ${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

/** « sam. 14 mars 2027 à 20 h 00 », for cards. */
export function formatShortEventDate(instant: Date | string): string {
  return `${formatShortDay(instant)} à ${formatTime(instant)}`;
}

/** Noon UTC of a calendar date 'YYYY-MM-DD': the same calendar day in Paris (UTC+1 or UTC+2). */
function calendarNoon(isoDate: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Date invalide : ${isoDate}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** A calendar date 'YYYY-MM-DD' (a day of the agenda) as « samedi 14 mars 2027 ». */
export function formatCalendarDate(isoDate: string): string {
  return formatDay(calendarNoon(isoDate));
}

/** Where an event stands at an instant: not begun, under way (an exhibition, a festival), or over. */
export type EventTiming = 'upcoming' | 'running' | 'ended';

export function eventTiming(startsAt: Date | string, endsAt: Date | string, now: Date | number): EventTiming {
  const instant = typeof now === 'number' ? now : now.getTime();
  if (instant < timeOf(startsAt)) return 'upcoming';
  return instant < timeOf(endsAt) ? 'running' : 'ended';
}

const DAY_MS = 86_400_000;

/**
 * An event that lasts a day or more (an exhibition, a multi-day festival) runs over a period: a visitor
 * comes on any of its days, so it is shown by its days, never by its first day's hour. Anything shorter
 * is a dated performance, shown by its date and hour, even an evening that ends after midnight
 * (docs/decisions/0042).
 */
export function isEventPeriod(startsAt: Date | string, endsAt: Date | string): boolean {
  return timeOf(endsAt) - timeOf(startsAt) >= DAY_MS;
}

/** Before this hour (Paris), an end closes the night of the day before: a festival's last night, a midnight close. */
const NIGHT_ENDS_BEFORE_HOUR = 6;

/** The last day (Paris, 'YYYY-MM-DD') a visitor can still go: the day of the end, or the day before for a night. */
export function eventLastDay(endsAt: Date | string): string {
  const day = parisDate(endsAt);
  return Number(parisParts(endsAt).hour) < NIGHT_ENDS_BEFORE_HOUR ? addCalendarDays(day, -1) : day;
}

/** The days (Paris, 'YYYY-MM-DD') an event is on: its first day to its last; one day for a performance. */
export function eventDays(event: { startsAt: string; endsAt: string }): { firstDay: string; lastDay: string } {
  const firstDay = parisDate(event.startsAt);
  if (!isEventPeriod(event.startsAt, event.endsAt)) return { firstDay, lastDay: firstDay };
  const lastDay = eventLastDay(event.endsAt);
  return { firstDay, lastDay: lastDay < firstDay ? firstDay : lastDay };
}

export type EventWhenOptions = {
  /** « sam. 14 mars 2027 », for cards and lists. */
  short?: boolean;
  /** Said of a ticket: a period is what it is valid for (« Valable du … au … »). */
  ticket?: boolean;
};

/**
 * When an event takes place, the one rule of every place that shows it (cards, ticketing page, cart,
 * order, e-mail, PDF ticket, agenda): a performance by its date and hour (« samedi 14 mars 2027 à
 * 20 h 00 »); a period by its days, « du samedi 12 septembre au dimanche 20 décembre 2026 », or
 * « jusqu’au dimanche 20 décembre 2026 » once it has opened; a ticket for a period is « Valable du … au … »
 * / « Valable jusqu’au … ». `dateTime` is the instant or day the label stands for (a `<time>`'s dateTime).
 */
export function eventWhen(
  event: { startsAt: string; endsAt: string },
  now: Date | number,
  { short = false, ticket = false }: EventWhenOptions = {},
): { label: string; dateTime: string } {
  if (!isEventPeriod(event.startsAt, event.endsAt)) {
    return {
      label: short ? formatShortEventDate(event.startsAt) : formatEventDate(event.startsAt),
      dateTime: event.startsAt,
    };
  }
  const { firstDay, lastDay } = eventDays(event);
  const day = (isoDate: string) => (short ? formatShortDay : formatDay)(calendarNoon(isoDate));
  const valid = ticket ? 'Valable ' : '';
  if (eventTiming(event.startsAt, event.endsAt, now) === 'running') {
    return { label: `${valid}jusqu’au ${day(lastDay)}`, dateTime: lastDay };
  }
  // Within one year, the year is said once, at the end: « du samedi 12 septembre au dimanche 20 décembre 2026 ».
  const first = firstDay.slice(0, 4) === lastDay.slice(0, 4) ? day(firstDay).replace(/ \d{4}$/, '') : day(firstDay);
  return { label: `${valid}du ${first} au ${day(lastDay)}`, dateTime: firstDay };
}

/** A text at the start of a sentence or a line: its first letter in capital (« Samedi 12 … », « Valable … »). */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What a ticket (cart, order, e-mail, PDF) says of its event, as a line of its own: « Samedi 14 mars 2027
 * à 20 h 00 », or « Valable du samedi 12 septembre au dimanche 20 décembre 2026 » / « Valable jusqu’au … »
 * for a period, as seen at `at` (a document: its payment; a page: the request).
 */
export function ticketEventWhen(event: { startsAt: string; endsAt: string }, at: Date | number | string): string {
  return upperFirst(eventWhen(event, typeof at === 'string' ? new Date(at) : at, { ticket: true }).label);
}

/**
 * The Paris day of an instant, read at its minute: the request's instant differs on every request, while a day
 * in Paris always begins on a whole minute, so the whole minute shares one computation (`parisParts`).
 */
function parisDayAtMinute(now: Date | number): string {
  const time = typeof now === 'number' ? now : now.getTime();
  return parisDate(new Date(time - (((time % 60_000) + 60_000) % 60_000)));
}

/**
 * The date a card shows, with the instant it stands for (a `<time>`'s dateTime): by `eventWhen`, except on
 * the last day of an event under way, which is « aujourd’hui jusqu’à 23 h 30 » (or « jusqu’à minuit »).
 */
export function cardEventDate(
  event: { startsAt: string; endsAt: string },
  now: Date | number,
): { label: string; dateTime: string } {
  if (eventTiming(event.startsAt, event.endsAt, now) === 'running') {
    const lastDay = isEventPeriod(event.startsAt, event.endsAt) ? eventDays(event).lastDay : null;
    if (lastDay === null || lastDay === parisDayAtMinute(now)) {
      const time = formatTime(event.endsAt);
      return { label: `aujourd’hui jusqu’à ${time === '00 h 00' ? 'minuit' : time}`, dateTime: event.endsAt };
    }
  }
  return eventWhen(event, now, { short: true });
}
