/** The agenda: upcoming ticketings day by day (Paris dates), with the options of its filters. */
import {
  AGENDA_DEFAULT_DAYS,
  AGENDA_MAX_DAYS,
  AGENDA_MAX_ITEMS,
  type AgendaAnswer,
  type AgendaQuery,
  type TicketingSummary,
} from '@guichet/contracts';
import { addCalendarDays, daysBetween, parisDate } from '@guichet/domain';
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
  const upcoming = and(isPublished, notEndedAt(now));
  const conditions: (SQL | undefined)[] = [
    upcoming,
    sql`${ticketings.startsAt} >= ${parisMidnight(from)}`,
    sql`${ticketings.startsAt} < ${parisMidnight(addCalendarDays(to, 1))}`,
  ];
  if (query.city) conditions.push(eq(ticketings.citySlug, query.city));
  if (query.category) conditions.push(eq(ticketings.category, query.category));

  const [rows, categories, cities] = await Promise.all([
    selectTicketingSummaries(db, { where: and(...conditions), limit: AGENDA_MAX_ITEMS + 1 }),
    db.selectDistinct({ category: ticketings.category }).from(ticketings).where(upcoming),
    db.selectDistinct({ slug: ticketings.citySlug, name: ticketings.city }).from(ticketings).where(upcoming),
  ]);

  const days: AgendaAnswer['days'] = [];
  for (const row of rows.slice(0, AGENDA_MAX_ITEMS)) {
    const date = parisDate(row.startsAt);
    const last = days.at(-1);
    const card: TicketingSummary = toSummary(row);
    if (last?.date === date) last.ticketings.push(card);
    else days.push({ date, ticketings: [card] });
  }
  return {
    from,
    to,
    days,
    categories: categories.map((row) => row.category).sort((a, b) => a.localeCompare(b, 'fr')),
    cities: uniqueBySlug(cities).sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    truncated: rows.length > AGENDA_MAX_ITEMS,
  };
}

/** One entry per city slug, should a city have been written two ways. */
function uniqueBySlug(cities: { slug: string; name: string }[]) {
  return [...new Map(cities.map((city) => [city.slug, city])).values()];
}
