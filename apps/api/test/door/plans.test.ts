/**
 * The door's queries at a full house, by their plans: a gate's sync must not cost a read of the whole scope per
 * check-in. The plans are those of a database whose statistics were never gathered, as after a burst of
 * check-ins (a door opening, gates back online): the planner then guesses, and a query must stay linear anyway.
 */
import { randomUUID } from 'node:crypto';
import type { CheckInReceipt } from '@guichet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { doorConflictsQuery } from '../../src/services/door/pack.js';
import { pgArray } from '../../src/services/door/scope.js';
import { createTestApp } from '../helpers.js';
import type { TestContext } from '../pro/support.js';
import { type CrowdFixture, crowdTicketing, type DoorFixture, doorFixture, scopeUrl } from './support.js';

const TICKETS = 600;
const DOUBLES = 100;

let context: TestContext;
let f: DoorFixture;
let house: CrowdFixture;

beforeAll(async () => {
  context = await createTestApp();
  f = await doorFixture(context, 1);
  house = await crowdTicketing(context, f.organizerId, { count: TICKETS, perOrder: 10 });
  // Gate A lets the whole house in, gate B a hundred of them again, earlier by its clock: 100 double entries.
  const start = Date.now() - 30 * 60_000;
  for (const [gate, tickets, offset] of [
    ['A', house.tickets, 1000],
    ['B', house.tickets.slice(0, DOUBLES), 0],
  ] as const) {
    const response = await context.app.inject({
      method: 'POST',
      url: scopeUrl(f.organizerId, 'ticketings', house.id, 'check-ins'),
      headers: f.scanner.headers,
      payload: {
        deviceId: `telephone-${gate}`,
        gate,
        checkIns: tickets.map((ticket, n) => ({
          nonce: randomUUID(),
          ticketId: ticket.id,
          scannedAt: new Date(start + n * 1000 + offset).toISOString(),
          localVerdict: 'VALID',
        })),
      },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    if (gate === 'B') expect(response.json<CheckInReceipt>().conflicts).toHaveLength(DOUBLES);
  }
});
afterAll(async () => {
  await context.close();
});

/** The plan as run, and for each node that reads check_in by its scope or whole, how many times it ran. */
async function scopeReads(query: SQL) {
  const plan = (await rowsOf<{ 'QUERY PLAN': string }>(context.database.db, sql`EXPLAIN ANALYZE ${query}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  const loops = [...plan.matchAll(/(?:Seq Scan on check_in|check_in_scope_received_idx)\b.*\bloops=(\d+)/g)].map(
    (match) => Number(match[1]),
  );
  return { plan, loops };
}

describe('the door’s plans at a full house', () => {
  it('find the double entries of a gate or of a batch reading the scope’s check-ins once', async () => {
    const scope = { kind: 'TICKET' as const, id: house.id };
    const ids = pgArray(house.tickets.map((ticket) => ticket.id));
    for (const where of [
      sql`w.device_id = 'telephone-A' OR o.device_id = 'telephone-A'`,
      sql`o.ticket_id = ANY(${ids}::int[])`,
    ]) {
      expect(await rowsOf(context.database.db, doorConflictsQuery(scope, where))).toHaveLength(DOUBLES);
      const { plan, loops } = await scopeReads(doorConflictsQuery(scope, where));
      expect(loops.length, plan).toBeGreaterThan(0);
      for (const times of loops) expect(times, plan).toBe(1);
    }
  });
});
