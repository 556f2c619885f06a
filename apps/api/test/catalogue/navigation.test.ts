import type { CountriesAnswer, CountryPeriodsAnswer, TicketingPage } from '@guichet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, validationIssues } from '../helpers.js';
import { freezeClock, loadCatalogue, published, type Row, upcoming } from './catalogue-data.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let rows: Row[];

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  rows = (await loadCatalogue(context.database.db)).rows;
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const get = (url: string) => context.app.inject({ method: 'GET', url });

/** Counts of a list of keys, as a plain object. */
function tally(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

describe('GET /countries', () => {
  it('counts upcoming published ticketings by country and city; city counts add up to the country', async () => {
    const response = await get('/countries');
    expect(response.statusCode).toBe(200);
    const { countries }: CountriesAnswer = response.json();
    expect(countries.map((country) => [country.slug, country.name])).toEqual([
      ['france', 'France'],
      ['belgique', 'Belgique'],
      ['suisse', 'Suisse'],
    ]);
    let listed = 0;
    let cursor: string | null = null;
    do {
      const current: TicketingPage = (await get(`/ticketings?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).json();
      listed += current.items.length;
      cursor = current.nextCursor;
    } while (cursor);
    let total = 0;
    for (const country of countries) {
      const expected = upcoming(rows).filter((row) => row.country === country.slug);
      expect(country.count).toBe(expected.length);
      expect(country.cities.reduce((sum, city) => sum + city.count, 0)).toBe(country.count);
      expect(Object.fromEntries(country.cities.map((city) => [city.slug, city.count]))).toEqual(
        tally(expected.map((row) => row.citySlug)),
      );
      const names = country.cities.map((city) => city.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
      total += country.count;
    }
    expect(countries.find((country) => country.slug === 'belgique')?.cities).toContainEqual(
      expect.objectContaining({ slug: 'liege', name: 'Liège' }),
    );
    // The navigation's total is what the listing shows.
    expect(total).toBe(upcoming(rows).length);
    expect(listed).toBe(total);
  });
});

describe('GET /countries/:country/periods', () => {
  const franceRows = () => published(rows).filter((row) => row.country === 'france');

  it('counts years and months of every year (past included), by start day in Paris', async () => {
    const response = await get('/countries/france/periods');
    expect(response.statusCode).toBe(200);
    const periods: CountryPeriodsAnswer = response.json();
    expect(periods.days).toBeUndefined();
    expect(periods.years).toEqual(
      Object.entries(tally(franceRows().map((row) => row.day.slice(0, 4)))).map(([year, count]) => ({
        year: Number(year),
        count,
      })),
    );
    expect(periods.months.reduce((sum, month) => sum + month.count, 0)).toBe(franceRows().length);
    const months = tally(franceRows().map((row) => row.day.slice(0, 7)));
    expect(periods.months).toEqual(
      Object.keys(months)
        .sort()
        .map((key) => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), count: months[key] })),
    );
  });

  it('narrows months to a year and gives the days of a month, matching the listings', async () => {
    const periods: CountryPeriodsAnswer = (await get('/countries/france/periods?year=2026&month=12')).json();
    expect(periods.months.every((month) => month.year === 2026)).toBe(true);
    const year = periods.years.find((entry) => entry.year === 2026);
    expect(periods.months.reduce((sum, month) => sum + month.count, 0)).toBe(year?.count);
    const december = periods.months.find((month) => month.month === 12);
    expect(periods.days?.reduce((sum, day) => sum + day.count, 0)).toBe(december?.count);
    expect(periods.days?.every((day) => day.year === 2026 && day.month === 12)).toBe(true);
    for (const day of periods.days ?? []) {
      const listed: TicketingPage = (
        await get(`/ticketings?country=france&year=2026&month=12&day=${day.day}&limit=50`)
      ).json();
      expect(listed.items.length).toBe(day.count);
    }
    const listedMonth: TicketingPage = (await get('/ticketings?country=france&year=2026&month=12&limit=50')).json();
    expect(listedMonth.items.length).toBe(december?.count);
  });

  it('answers 404 for an unknown country and 400 for a month without a year', async () => {
    const unknown = await get('/countries/allemagne/periods');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Pays inconnu.' });
    expect(validationIssues(await get('/countries/france/periods?month=3'), 'querystring')).toEqual([
      expect.objectContaining({ path: ['month'] }),
    ]);
    expect(validationIssues(await get('/countries/france/periods?year=2026&month=13'), 'querystring')).toEqual([
      expect.objectContaining({ path: ['month'] }),
    ]);
  });
});
