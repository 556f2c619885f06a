import type { AgendaAnswer } from '@guichet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, validationIssues } from '../helpers.js';
import { chronological, freezeClock, idsOf, loadCatalogue, parisDay, type Row, upcoming } from './catalogue-data.js';

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

const HOUR = 3_600_000;
/** Paris hour of an instant, worked out apart from the domain. */
const parisHour = (date: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(date),
  );
/** A run of a day or more: its days, the last one the day before when it ends in the night (before 06:00). */
const periodDays = (row: Row): string[] | null => {
  if (row.endsAt.getTime() - row.startsAt.getTime() < 24 * HOUR) return null;
  const days: string[] = [];
  const last = parisDay(new Date(row.endsAt.getTime() - (parisHour(row.endsAt) < 6 ? 12 * HOUR : 0)));
  for (let day = row.day; day <= last; day = parisDay(new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR))) {
    days.push(day);
  }
  return days;
};
/** What the agenda lists on `date`: performances starting that day, periods running that day. */
const onDay = (date: string) => (row: Row) => periodDays(row)?.includes(date) ?? row.day === date;

describe('GET /agenda', () => {
  it('lists, day by day over the next 30 days, the performances starting and the periods running each day', async () => {
    const answer = await agenda();
    expect(answer.from).toBe('2026-11-22');
    expect(answer.to).toBe('2026-12-21');
    expect(answer.truncated).toBe(false);
    const dates: string[] = [];
    for (let day = answer.from; day <= answer.to; day = parisDay(new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR)))
      dates.push(day);
    const expected = dates
      .map((date) => ({ date, ids: idsOf(upcoming(rows).filter(onDay(date)).sort(chronological)) }))
      .filter((day) => day.ids.length > 0);
    expect(expected.filter((day) => day.ids.length > 0).length).toBeGreaterThan(5);
    expect(answer.days.map((day) => ({ date: day.date, ids: idsOf(day.ticketings) }))).toEqual(expected);
  });

  it('lists a running exhibition on every day of the range, not only the day it opened', async () => {
    const liege = await agenda('?city=liege&from=2026-11-22&to=2026-11-28');
    // « Cités imaginaires » opened in September and runs until mid-December.
    expect(liege.days.map((day) => day.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    for (const day of liege.days) expect(day.ticketings.map((card) => card.title)).toContain('Cités imaginaires');
    const paris = await agenda('?city=paris&from=2026-11-22&to=2026-11-28');
    for (const day of paris.days)
      expect(day.ticketings.map((card) => card.title)).toContain('Lumières Vives, l’exposition immersive');
    expect(paris.days).toHaveLength(7);
    // Its last day is the last it is listed on: not after it closes.
    const cites = rows.find((row) => row.title === 'Cités imaginaires');
    if (!cites) throw new Error('Cités imaginaires absente');
    const closing = periodDays(cites)?.at(-1) ?? '';
    const around = await agenda(
      `?city=liege&from=${closing}&to=${parisDay(new Date(Date.parse(`${closing}T12:00:00Z`) + 48 * HOUR))}`,
    );
    expect(
      around.days.filter((day) => day.ticketings.some((card) => card.id === cites.id)).map((day) => day.date),
    ).toEqual([closing]);
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
    // Concerts are performances: each on its one day.
    expect(expected.every((row) => periodDays(row) === null)).toBe(true);
    expect(answer.days.flatMap((day) => idsOf(day.ticketings))).toEqual(idsOf(expected));

    const paris = await agenda(`?from=${from}&to=${to}&city=paris`);
    const inParis = paris.days.flatMap((day) => day.ticketings);
    expect(inParis.length).toBeGreaterThan(0);
    expect(inParis.every((ticketing) => ticketing.citySlug === 'paris')).toBe(true);
    expect(new Set(idsOf(inParis))).toEqual(
      new Set(
        idsOf(
          upcoming(rows)
            .filter((row) => (periodDays(row) ?? [row.day]).some((day) => day >= from && day <= to))
            .filter((row) => row.citySlug === 'paris'),
        ),
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
