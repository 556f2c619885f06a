/** Counts for the navigation of /billetteries: by country and city, then by year, month and day. */
import type { CountriesAnswer, CountryPeriodsAnswer, CountrySlug } from '@guichet/contracts';
import { CATALOGUE_TIME_ZONE, COUNTRY_NAMES, COUNTRY_SLUGS } from '@guichet/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ticketings } from '../../db/schema.js';
import { isPublished, notEndedAt } from './summary.js';
import { parisMidnight, periodOf } from './time.js';

const byFrenchName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'fr');

/** Every country (in the spec's order, even without ticketings), its upcoming ticketings and their cities. */
export async function countriesNavigation(db: Database, now: Date): Promise<CountriesAnswer> {
  const rows = await db
    .select({
      country: ticketings.country,
      slug: ticketings.citySlug,
      name: sql<string>`min(${ticketings.city})`,
      count: sql<number>`count(*)::int`,
    })
    .from(ticketings)
    .where(and(isPublished, notEndedAt(now)))
    .groupBy(ticketings.country, ticketings.citySlug);
  return {
    countries: COUNTRY_SLUGS.map((slug) => {
      const cities = rows
        .filter((row) => row.country === slug)
        .map((row) => ({ slug: row.slug, name: row.name, count: Number(row.count) }))
        .sort(byFrenchName);
      return {
        slug,
        name: COUNTRY_NAMES[slug],
        count: cities.reduce((total, city) => total + city.count, 0),
        cities,
      };
    }),
  };
}

/** A date part of starts_at in Paris time. */
const partOf = (field: 'year' | 'month' | 'day') =>
  sql<number>`extract(${sql.raw(field)} FROM ${ticketings.startsAt} AT TIME ZONE ${sql.raw(`'${CATALOGUE_TIME_ZONE}'`)})::int`;

function startsWithin(year: number, month?: number): SQL {
  const { start, end } = periodOf(year, month);
  return sql`${ticketings.startsAt} >= ${parisMidnight(start)} AND ${ticketings.startsAt} < ${parisMidnight(end)}`;
}

/**
 * Published ticketings of a country (past ones included, as on the period listings) counted by the year,
 * month and day they start in Paris: every year; the months of `year` (of every year without it); the
 * days of `month`.
 */
export async function countryPeriods(
  db: Database,
  country: CountrySlug,
  period: { year?: number | undefined; month?: number | undefined },
): Promise<CountryPeriodsAnswer> {
  const inCountry = and(isPublished, eq(ticketings.country, country));
  const year = partOf('year');
  const month = partOf('month');
  const day = partOf('day');
  const count = sql<number>`count(*)::int`;
  const [years, months, days] = await Promise.all([
    db.select({ year, count }).from(ticketings).where(inCountry).groupBy(year).orderBy(year),
    db
      .select({ year, month, count })
      .from(ticketings)
      .where(period.year === undefined ? inCountry : and(inCountry, startsWithin(period.year)))
      .groupBy(year, month)
      .orderBy(year, month),
    period.year !== undefined && period.month !== undefined
      ? db
          .select({ year, month, day, count })
          .from(ticketings)
          .where(and(inCountry, startsWithin(period.year, period.month)))
          .groupBy(year, month, day)
          .orderBy(year, month, day)
      : Promise.resolve(undefined),
  ]);
  const numbers = <T extends Record<string, unknown>>(row: T) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as { [K in keyof T]: number };
  return {
    years: years.map(numbers),
    months: months.map(numbers),
    ...(days ? { days: days.map(numbers) } : {}),
  };
}
