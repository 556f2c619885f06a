/**
 * Dates of the catalogue in French, read in Paris time whatever the server's or the visitor's time zone:
 * the server and the browser print the same text, so hydration never disagrees.
 */
import { calendarDate } from '../calendar.js';

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

const shortWeekdayFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: CATALOGUE_TIME_ZONE, weekday: 'short' });

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

function toDate(instant: Date | string): Date {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Date invalide : ${String(instant)}`);
  return date;
}

/** The calendar parts of an instant in Paris. */
export function parisParts(instant: Date | string): ParisDateParts {
  const parts = Object.fromEntries(parisFormat.formatToParts(toDate(instant)).map((part) => [part.type, part.value]));
  return {
    weekday: parts.weekday ?? '',
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: parts.hour ?? '00',
    minute: parts.minute ?? '00',
  };
}

/** The Paris calendar date of an instant: 'YYYY-MM-DD'. */
export function parisDate(instant: Date | string): string {
  const { year, month, day } = parisParts(instant);
  return calendarDate(year, month, day);
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
  const { year, month, day } = parisParts(instant);
  return `${shortWeekdayFormat.format(toDate(instant))} ${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

/** « sam. 14 mars 2027 à 20 h 00 », for cards. */
export function formatShortEventDate(instant: Date | string): string {
  return `${formatShortDay(instant)} à ${formatTime(instant)}`;
}

const DAY_MS = 86_400_000;

/**
 * When an event takes place: its start (« samedi 14 mars 2027 à 20 h 00 ») for an evening, even one that
 * ends after midnight; « du … au … » for a run of a day or more (festival, exhibition).
 */
export function formatEventPeriod(startsAt: Date | string, endsAt: Date | string): string {
  const start = toDate(startsAt);
  const end = toDate(endsAt);
  if (end.getTime() - start.getTime() < DAY_MS) return formatEventDate(start);
  return `du ${formatEventDate(start)} au ${formatEventDate(end)}`;
}

/** A calendar date 'YYYY-MM-DD' (a day of the agenda) as « samedi 14 mars 2027 ». */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Date invalide : ${isoDate}`);
  // Noon UTC of that date is the same calendar day in Paris (UTC+1 or UTC+2).
  return formatDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}

/** Where an event stands at an instant: not begun, under way (an exhibition, a festival), or over. */
export type EventTiming = 'upcoming' | 'running' | 'ended';

export function eventTiming(startsAt: Date | string, endsAt: Date | string, now: Date | number): EventTiming {
  const instant = typeof now === 'number' ? now : now.getTime();
  if (instant < toDate(startsAt).getTime()) return 'upcoming';
  return instant < toDate(endsAt).getTime() ? 'running' : 'ended';
}

/**
 * The date a card shows, with the instant it stands for (a `<time>`'s dateTime): the start of an event
 * that has not begun (or is over); for one already running its start is news to no one, so its end:
 * « jusqu'au dim. 15 mars 2027 », or « aujourd'hui jusqu'à 23 h 30 » when it ends today.
 */
export function cardEventDate(
  event: { startsAt: string; endsAt: string },
  now: Date | number,
): { label: string; dateTime: string } {
  if (eventTiming(event.startsAt, event.endsAt, now) !== 'running') {
    return { label: formatShortEventDate(event.startsAt), dateTime: event.startsAt };
  }
  const end = toDate(event.endsAt);
  // A run that closes at midnight ends on the day before: its last day is the one a visitor can still go.
  const lastDay = new Date(end.getTime() - 1);
  if (parisDate(lastDay) === parisDate(new Date(now))) {
    const time = formatTime(end);
    return { label: `aujourd'hui jusqu'à ${time === '00 h 00' ? 'minuit' : time}`, dateTime: event.endsAt };
  }
  return { label: `jusqu'au ${formatShortDay(lastDay)}`, dateTime: event.endsAt };
}
