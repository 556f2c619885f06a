/**
 * « Ajouter à mon agenda » after the sale (issue 26): the calendar file of a ticketing, read from the real API,
 * carries a SEQUENCE raised by each postponement (and once more by a cancellation, STATUS:CANCELLED), so that a
 * calendar importing it again replaces the date it holds rather than keeping the old one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketings } from '../../../api/src/db/schema';
import { realApi } from '../../test/real-api';
import { loader } from './ticketing-calendar.route';

const { db, ticketingId } = realApi();

async function calendar(): Promise<string> {
  const id = ticketingId();
  const response = await loader({
    params: { ticketingID: String(id) },
    request: new Request(`http://localhost/billetterie/${id}/calendrier.ics`),
  } as never);
  expect(response.status).toBe(200);
  return response.text();
}

describe('the calendar file of a ticketing', () => {
  it('raises its SEQUENCE with each postponement, and once more when cancelled', async () => {
    expect(await calendar()).toContain('SEQUENCE:0');

    await db().update(ticketings).set({ scheduleRevision: 2 }).where(eq(ticketings.id, ticketingId()));
    const postponed = await calendar();
    expect(postponed).toContain('SEQUENCE:2');
    expect(postponed).not.toContain('STATUS:CANCELLED');

    await db().update(ticketings).set({ status: 'CANCELLED' }).where(eq(ticketings.id, ticketingId()));
    const cancelled = await calendar();
    expect(cancelled).toContain('SEQUENCE:3');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });
});
