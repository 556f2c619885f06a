/** The periods of the agenda's filter: the next 7 or 30 days, or one of the coming months (Paris dates). */

import { addCalendarDays, daysInMonth } from '../calendar.js';
import { monthName } from './dates.js';

export const AGENDA_DEFAULT_PERIOD = '30j';
/** How many months ahead the filter offers, the current one included. */
export const AGENDA_MONTHS_AHEAD = 12;

export type AgendaPeriodOption = { value: string; label: string };
export type AgendaPeriod = { value: string; from: string; to: string };

const ROLLING: Record<string, { label: string; days: number }> = {
  '7j': { label: '7 prochains jours', days: 7 },
  '30j': { label: '30 prochains jours', days: 30 },
};

const two = (value: number) => String(value).padStart(2, '0');

/** The coming months from the month of `today` ('YYYY-MM-DD'), as 'YYYY-MM'. */
function comingMonths(today: string, count: number): { year: number; month: number }[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const zeroBased = month - 1 + index;
    return { year: year + Math.floor(zeroBased / 12), month: (zeroBased % 12) + 1 };
  });
}

/** The choices of the period filter: « 7 prochains jours », « 30 prochains jours », « Mars 2027 »… */
export function agendaPeriodOptions(today: string, months = AGENDA_MONTHS_AHEAD): AgendaPeriodOption[] {
  return [
    ...Object.entries(ROLLING).map(([value, { label }]) => ({ value, label })),
    ...comingMonths(today, months).map(({ year, month }) => {
      const name = monthName(month);
      return { value: `${year}-${two(month)}`, label: `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}` };
    }),
  ];
}

/**
 * The days a period value covers, from `today` on (the agenda shows what is to come): the rolling periods
 * start today; a month starts on its first day, or today for the current month. Null for a value the
 * filter does not offer.
 */
export function resolveAgendaPeriod(value: string | null | undefined, today: string): AgendaPeriod | null {
  const rolling = value ? ROLLING[value] : undefined;
  if (value && rolling) return { value, from: today, to: addCalendarDays(today, rolling.days - 1) };
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!value || !match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (!comingMonths(today, AGENDA_MONTHS_AHEAD).some((coming) => coming.year === year && coming.month === month)) {
    return null;
  }
  const first = `${year}-${two(month)}-01`;
  return {
    value,
    from: first < today ? today : first,
    to: `${year}-${two(month)}-${two(daysInMonth(year, month))}`,
  };
}
