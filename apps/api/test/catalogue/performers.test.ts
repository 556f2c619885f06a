import type { OrganizerDetail, PerformerDetail, PerformersPage } from '@guichet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { createTestApp } from '../helpers.js';
import {
  chronological,
  freezeClock,
  idsOf,
  loadCatalogue,
  NOW,
  published,
  type Row,
  upcoming,
} from './catalogue-data.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let rows: Row[];
let performers: (typeof schema.performers.$inferSelect)[];
let organizers: (typeof schema.organizers.$inferSelect)[];

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  rows = (await loadCatalogue(db)).rows;
  performers = await db.select().from(schema.performers);
  organizers = await db.select().from(schema.organizers);
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const get = (url: string) => context.app.inject({ method: 'GET', url });

async function list(query = ''): Promise<PerformersPage> {
  const response = await get(`/performers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Alphabetical order of the index: letter, then the name without accents or capitals. */
const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const past = (selected: Row[]) =>
  published(selected)
    .filter((row) => row.endsAt.getTime() < NOW.getTime())
    .sort((a, b) => chronological(b, a));

describe('GET /performers', () => {
  it('lists artists alphabetically, 24 a page, with the letters of the index', async () => {
    const first = await list();
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(24);
    expect(first.total).toBe(performers.length);
    expect(first.items.length).toBe(24);
    const second = await list('?page=2');
    expect(second.items.length).toBe(performers.length - 24);
    const all = [...first.items, ...second.items];
    expect(new Set(idsOf(all)).size).toBe(performers.length);
    const keys = all.map((item) => `${item.initial} ${plain(item.name)}`);
    expect(keys).toEqual([...keys].sort());
    expect(first.initials).toEqual([...new Set(performers.map((performer) => performer.initial))].sort());
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('counts each artist’s upcoming ticketings', async () => {
    const all = (await list('?pageSize=60')).items;
    for (const item of all) {
      expect(item.upcomingCount, item.name).toBe(
        upcoming(rows).filter((row) => row.performerIds.includes(item.id)).length,
      );
    }
    expect(all.some((item) => item.upcomingCount > 1)).toBe(true);
  });

  it('searches names without accents or capitals, and filters by letter', async () => {
    const found = await list('?q=AURELIEN');
    expect(found.items.map((item) => item.name)).toEqual(['Aurélien Marchal']);
    expect(found.total).toBe(1);
    expect((await list('?q=vedrine')).items.map((item) => item.name)).toEqual(['Sacha Védrine']);

    const letter = await list('?initial=m');
    const expected = performers.filter((performer) => performer.initial === 'M');
    expect(letter.total).toBe(expected.length);
    expect(letter.items.every((item) => item.initial === 'M')).toBe(true);
    // The letters stay those of the whole index, whatever the search.
    expect(letter.initials).toEqual((await list()).initials);

    const small = await list('?initial=M&pageSize=1&page=2');
    expect(small.items.length).toBe(expected.length > 1 ? 1 : 0);
  });

  it('answers 400 for invalid pages and letters', async () => {
    for (const query of ['?page=0', '?pageSize=0', '?pageSize=61', '?initial=AB', '?initial=é', '?q=']) {
      expect((await get(`/performers${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /performers/:performerID', () => {
  it('gives the artist with upcoming (soonest first) and past (latest first) ticketings', async () => {
    const margaux = performers.find((performer) => performer.slug === 'margaux-lenoir');
    const response = await get(`/performers/${margaux?.id}`);
    expect(response.statusCode).toBe(200);
    const detail: PerformerDetail = response.json();
    expect(detail).toMatchObject({
      id: margaux?.id,
      slug: 'margaux-lenoir',
      name: 'Margaux Lenoir',
      genre: margaux?.genre,
      bio: margaux?.bio,
      visual: margaux?.visual,
    });
    const theirs = rows.filter((row) => row.performerIds.includes(margaux?.id ?? 0));
    expect(idsOf(detail.upcoming)).toEqual(idsOf(upcoming(theirs).sort(chronological)));
    expect(detail.upcoming.length).toBeGreaterThan(1);
    expect(idsOf(detail.past)).toEqual(idsOf(past(theirs)));
  });

  it('lists past ticketings of an artist who has some', async () => {
    const withPast = performers.find((performer) => past(rows).some((row) => row.performerIds.includes(performer.id)));
    const detail: PerformerDetail = (await get(`/performers/${withPast?.id}`)).json();
    expect(detail.past.length).toBeGreaterThan(0);
    expect(detail.past.every((ticketing) => Date.parse(ticketing.endsAt) < NOW.getTime())).toBe(true);
  });

  it('answers 404 for an unknown artist and 400 for an id that is not digits', async () => {
    const response = await get('/performers/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Artiste introuvable.' });
    expect((await get('/performers/margaux-lenoir')).statusCode).toBe(400);
  });
});

describe('GET /organizers/:entityID', () => {
  it('gives the organizer with its upcoming and past ticketings', async () => {
    for (const organizer of organizers.slice(0, 3)) {
      const response = await get(`/organizers/${organizer.id}`);
      expect(response.statusCode).toBe(200);
      const detail: OrganizerDetail = response.json();
      expect(detail).toMatchObject({
        id: organizer.id,
        slug: organizer.slug,
        name: organizer.name,
        description: organizer.description,
        city: organizer.city,
        website: organizer.website,
        logo: organizer.logo,
      });
      const theirs = rows.filter((row) => row.organizerId === organizer.id);
      expect(idsOf(detail.upcoming)).toEqual(idsOf(upcoming(theirs).sort(chronological)));
      expect(idsOf(detail.past)).toEqual(idsOf(past(theirs)));
    }
  });

  it('answers 404 for an unknown organizer', async () => {
    const response = await get('/organizers/424242');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Organisateur introuvable.' });
    expect((await get('/organizers/abc')).statusCode).toBe(400);
  });
});
