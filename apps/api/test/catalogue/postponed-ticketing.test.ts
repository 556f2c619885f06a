import type { TicketingDetail } from '@guichet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketings } from '../../src/db/schema.js';
import { createTestApp } from '../helpers.js';

/** A postponed ticketing's page says its first date (issue 26): « Reporté — nouvelle date : … (initialement le …) ». */

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  context = await createTestApp({ seed: true });
});
afterAll(async () => {
  await context?.close();
});

async function detail(id: number): Promise<TicketingDetail> {
  const response = await context.app.inject({ method: 'GET', url: `/ticketings/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /ticketings/:ticketingID after a postponement', () => {
  it('gives no previous date for a ticketing never moved, and its first date once moved', async () => {
    const { db } = context.database;
    expect(await detail(1)).toMatchObject({ previousStartsAt: null, scheduleRevision: 0 });

    const first = new Date('2026-12-05T19:00:00.000Z');
    const moved = new Date('2027-02-06T19:00:00.000Z');
    await db
      .update(ticketings)
      .set({
        previousStartsAt: first,
        startsAt: moved,
        endsAt: new Date('2027-02-06T22:00:00.000Z'),
        scheduleRevision: 1,
      })
      .where(eq(ticketings.id, 1));
    expect(await detail(1)).toMatchObject({
      previousStartsAt: first.toISOString(),
      startsAt: moved.toISOString(),
      // The calendar file's SEQUENCE: an import of the new file replaces the old date in the buyer's calendar.
      scheduleRevision: 1,
    });
  });
});
