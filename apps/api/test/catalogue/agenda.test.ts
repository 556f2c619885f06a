import type { AgendaAnswer } from '@guichet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, validationIssues } from '../helpers.js';
import { chronological, freezeClock, idsOf, loadCatalogue, type Row, upcoming } from './catalogue-data.js';

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

async function agenda(query = '') {
  const response = await context.app.inject({ method: 'GET', url: `/agenda${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AgendaAnswer;
}

const within = (from: string, to: string) => (row: Row) => row.day >= from && row.day <= to;

describe('GET /agenda', () => {
  it('groups the next 30 days of upcoming ticketings by their Paris start day', async () => {
    const answer = await agenda();
    expect(answer.from).toBe('2026-11-22');
    expect(answer.to).toBe('2026-12-21');
    expect(answer.truncated).toBe(false);
    const expected = upcoming(rows).filter(within('2026-11-22', '2026-12-21')).sort(chronological);
    expect(expected.length).toBeGreaterThan(5);
    const dates = answer.days.map((day) => day.date);
    expect(dates).toEqual([...new Set(expected.map((row) => row.day))]);
    expect(dates).toEqual([...dates].sort());
    for (const day of answer.days) {
      expect(day.ticketings.length).toBeGreaterThan(0);
      expect(idsOf(day.ticketings)).toEqual(idsOf(expected.filter((row) => row.day === day.date)));
    }
    expect(answer.days.flatMap((day) => idsOf(day.ticketings))).toEqual(idsOf(expected));
  });

  it('lists the options of its filters: categories and cities with upcoming ticketings', async () => {
    const answer = await agenda('?city=lyon');
    expect(answer.categories).toEqual(
      [...new Set(upcoming(rows).map((row) => row.category))].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    expect(answer.cities.map((city) => city.slug).sort()).toEqual(
      [...new Set(upcoming(rows).map((row) => row.citySlug))].sort(),
    );
    expect(answer.cities).toContainEqual({ slug: 'geneve', name: 'Genève' });
  });

  it('filters by city, category and period', async () => {
    const from = '2026-12-01';
    const to = '2027-02-28';
    const answer = await agenda(`?from=${from}&to=${to}&category=Concert`);
    const expected = upcoming(rows)
      .filter(within(from, to))
      .filter((row) => row.category === 'Concert')
      .sort(chronological);
    expect(expected.length).toBeGreaterThan(2);
    expect(answer.days.flatMap((day) => idsOf(day.ticketings))).toEqual(idsOf(expected));

    const paris = await agenda(`?from=${from}&to=${to}&city=paris`);
    const inParis = paris.days.flatMap((day) => day.ticketings);
    expect(inParis.length).toBeGreaterThan(0);
    expect(inParis.every((ticketing) => ticketing.citySlug === 'paris')).toBe(true);
    expect(idsOf(inParis)).toEqual(
      idsOf(
        upcoming(rows)
          .filter(within(from, to))
          .filter((row) => row.citySlug === 'paris')
          .sort(chronological),
      ),
    );
  });

  it('answers 400 beyond 92 days or when the end comes first', async () => {
    for (const [query, issue] of [
      [
        '?from=2026-12-01&to=2027-03-10',
        { path: ['to'], code: 'custom', message: 'L’agenda couvre au plus 92 jours.' },
      ],
      [
        '?from=2026-12-10&to=2026-12-01',
        { path: ['to'], code: 'custom', message: 'La date de fin précède la date de début.' },
      ],
      ['?to=2027-06-01', { path: ['to'], code: 'custom', message: 'L’agenda couvre au plus 92 jours.' }],
      ['?from=2026-13-01', expect.objectContaining({ path: ['from'] })],
    ] as const) {
      const response = await context.app.inject({ method: 'GET', url: `/agenda${query}` });
      expect(validationIssues(response, 'querystring'), query).toEqual([issue]);
    }
    expect((await agenda('?from=2026-12-01&to=2027-03-02')).to).toBe('2027-03-02');
  });
});
