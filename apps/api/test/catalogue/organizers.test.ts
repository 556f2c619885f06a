import type { OrganizersAnswer } from '@guichet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { createTestApp } from '../helpers.js';
import { freezeClock, loadCatalogue, type Row, upcoming } from './catalogue-data.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let rows: Row[];
let organizers: (typeof schema.organizers.$inferSelect)[];

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  rows = (await loadCatalogue(context.database.db)).rows;
  organizers = await context.database.db.select().from(schema.organizers);
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

describe('GET /organizers', () => {
  it('lists every organizer by name, with its upcoming published ticketings', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/organizers' });
    expect(response.statusCode).toBe(200);
    const answer: OrganizersAnswer = response.json();
    expect(answer.organizers.length).toBe(organizers.length);
    const names = answer.organizers.map((organizer) => plain(organizer.name));
    expect(names).toEqual([...names].sort());
    for (const organizer of answer.organizers) {
      const stored = organizers.find((candidate) => candidate.id === organizer.id);
      expect(organizer).toEqual({
        id: stored?.id,
        slug: stored?.slug,
        name: stored?.name,
        city: stored?.city,
        upcomingCount: upcoming(rows).filter((row) => row.organizerId === organizer.id).length,
      });
    }
    expect(answer.organizers.some((organizer) => organizer.upcomingCount > 0)).toBe(true);
  });
});
