import { addCalendarDays } from '../calendar.js';
import { parisInstant } from './dates.js';

/** A performance without an end hour of its own lasts this long (a concert, a play). */
export const DEFAULT_PERFORMANCE_MS = 2 * 3_600_000;

/**
 * When a ticketing takes place, as the pro site's « Quand ? » says it: a performance at a date and hour (its
 * end an hour of its own or none), or a period « horaire libre » from one day to another (Paris time).
 */
export type ScheduleWhen =
  | { schedule: 'DATED'; date: string; time: string; endTime?: string | null }
  | { schedule: 'PERIOD'; firstDay: string; lastDay: string };

/**
 * The instants a schedule means, in Paris time (changes of hour included): one rule for the API that saves a
 * ticketing and the pro site that postpones one. A period runs from 00:00 its first day to 23:59 its last; a
 * performance without an end hour lasts DEFAULT_PERFORMANCE_MS; an end hour earlier than the start is the next
 * day's (a concert ending after midnight).
 */
export function scheduleInstants(when: ScheduleWhen): { startsAt: Date; endsAt: Date } {
  if (when.schedule === 'PERIOD') {
    return { startsAt: parisInstant(when.firstDay, '00:00'), endsAt: parisInstant(when.lastDay, '23:59') };
  }
  const startsAt = parisInstant(when.date, when.time);
  if (!when.endTime) return { startsAt, endsAt: new Date(startsAt.getTime() + DEFAULT_PERFORMANCE_MS) };
  const sameDay = parisInstant(when.date, when.endTime);
  const endsAt = sameDay > startsAt ? sameDay : parisInstant(addCalendarDays(when.date, 1), when.endTime);
  return { startsAt, endsAt };
}
