/**
 * The agenda: day by day (Paris dates), the ticketings a visitor can go to that day, with the options of
 * its filters. A performance is on the day it starts; an event that runs over a period (an exhibition, a
 * festival: eventDays, the domain's rule) on each of its days within the range (docs/decisions/0043).
 */
import {
  AGENDA_DEFAULT_DAYS,
  AGENDA_MAX_DAYS,
  AGENDA_MAX_ITEMS,
  type AgendaAnswer,
  type AgendaQuery,
  type TicketingSummary,
} from '@guichet/contracts';
import { addCalendarDays, daysBetween, eventDays, parisDate } from '@guichet/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ticketings } from '../../db/schema.js';
import { invalidField } from '../../lib/http-error.js';
import { isPublished, notEndedAt, selectTicketingSummaries, toSummary } from './summary.js';
import { parisMidnight } from './time.js';

/** The period shown: from today (Paris) for 30 days unless asked otherwise, at most 92 days. */
export function agendaPeriod(query: AgendaQuery, now: Date): { from: string; to: string } {
  const from = query.from ?? parisDate(now);
  const to = query.to ?? addCalendarDays(from, AGENDA_DEFAULT_DAYS - 1);
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw invalidField('querystring', ['to'], 'La date de fin précède la date de début.');
  if (days > AGENDA_MAX_DAYS)
    throw invalidField('querystring', ['to'], `L’agenda couvre au plus ${AGENDA_MAX_DAYS} jours.`);
  return { from, to };
}

export async function agenda(db: Database, query: AgendaQuery, now: Date): Promise<AgendaAnswer> {
  const { from, to } = agendaPeriod(query, now);
  // Not over at `now`, as the listings' « à venir »: an exhibition that closed this afternoon is gone.
  const upcoming = and(isPublished, notEndedAt(now));
  const start = parisMidnight(from);
  const end = parisMidnight(addCalendarDays(to, 1));
  const conditions: (SQL | undefined)[] = [
    upcoming,
    // Starting within the range (ticketing_starts_idx), or under way during it: the range (starts_at,
    // ends_at] meets the range's days, written as ticketing_running_idx is built so that its index answers.
    sql`((${ticketings.startsAt} >= ${start} AND ${ticketings.startsAt} < ${end})
      OR tstzrange(${ticketings.startsAt}, ${ticketings.endsAt}, '(]') && tstzrange(${start}, ${end}, '[)'))`,
  ];
  if (query.city) conditions.push(eq(ticketings.citySlug, query.city));
  if (query.category) conditions.push(eq(ticketings.category, query.category));

  const [rows, categories, cities] = await Promise.all([
    selectTicketingSummaries(db, { where: and(...conditions), limit: AGENDA_MAX_ITEMS + 1 }),
    db.selectDistinct({ category: ticketings.category }).from(ticketings).where(upcoming),
    db.selectDistinct({ slug: ticketings.citySlug, name: ticketings.city }).from(ticketings).where(upcoming),
  ]);

  const byDay = new Map<string, TicketingSummary[]>();
  for (const row of rows.slice(0, AGENDA_MAX_ITEMS)) {
    const card: TicketingSummary = toSummary(row);
    // A performance's one day; a period's days, cut to the range. A performance that began before the
    // range (a night still going on at midnight) has no day in it.
    const { firstDay, lastDay } = eventDays(card);
    for (let day = firstDay < from ? from : firstDay; day <= lastDay && day <= to; day = addCalendarDays(day, 1)) {
      const cards = byDay.get(day);
      if (cards) cards.push(card);
      else byDay.set(day, [card]);
    }
  }
  return {
    from,
    to,
    days: [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, ticketings]) => ({ date, ticketings })),
    categories: categories.map((row) => row.category).sort((a, b) => a.localeCompare(b, 'fr')),
    cities: uniqueBySlug(cities).sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    truncated: rows.length > AGENDA_MAX_ITEMS,
  };
}

/** One entry per city slug, should a city have been written two ways. */
function uniqueBySlug(cities: { slug: string; name: string }[]) {
  return [...new Map(cities.map((city) => [city.slug, city])).values()];
}
