/**
 * Three gates offline, then back online through a bad network, against the real API (PGlite on loopback) and
 * the pro site's own door routes run behind its root middleware (cross-site door, session from the cookie):
 * each gate is the scan page's engine (DoorSession, sync.ts) with its own IndexedDB (fake-indexeddb) and device
 * id. Packs downloaded, tickets revoked meanwhile, gates scanning with duplicates across gates and at the same
 * gate, clocks spread over 30 minutes; then the sync, with 20 % of requests lost before the server and 10 % of
 * answers lost after it. Every check-in is recorded once, a ticket has one winner (the first scan by the phones'
 * clocks), duplicates are told to both gates, revocations reach every gate, queues end empty.
 */
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/db/client';
import { type DoorFixture, doorFixture } from '../../api/test/door/support';
import { loader as changesLoader } from '../app/door/changes.route';
import { action as checkInsAction } from '../app/door/check-ins.route';
import { DoorSession } from '../app/door/door-session';
import { loader as packLoader } from '../app/door/pack.route';
import { scanPagePath } from '../app/door/paths';
import type { FetchLike } from '../app/door/sync';
import { proAccessTokenCookie } from '../app/lib/server/session.server';
import { middleware } from '../app/root';
import { PRO, realProApi } from './real-api';

const { api } = realProApi();
// The fixture's offer holds at most 100 vouchers; 96 tickets split in three thirds.
const TICKETS = 96;
let f: DoorFixture;

/** The pro site as a browser reaches it: the root middleware, then the door route the path names. */
function proSite(accessToken: string): FetchLike {
  return async (url, init) => {
    const cookie = (await proAccessTokenCookie.serialize(accessToken)).split(';')[0] as string;
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    headers.set('origin', PRO);
    headers.set('sec-fetch-site', 'same-origin');
    const request = new Request(`${PRO}${url}`, { ...init, headers });
    const match =
      /^\/organisateurs\/(\d+)\/controle\/(billetteries|offres)\/(\d+)\/(paquet|changements|passages)$/.exec(
        new URL(request.url).pathname,
      );
    if (!match) return new Response('introuvable', { status: 404 });
    const [, organizerId, scopeKind, scopeId, resource] = match;
    const params = { organizerId, scopeKind, scopeId };
    const context = new RouterContextProvider();
    const [door] = middleware;
    if (!door) throw new Error('no middleware');
    const args = { request, params, context, url: new URL(request.url), pattern: '' };
    return (await door(args as never, async () => {
      const handler = resource === 'paquet' ? packLoader : resource === 'changements' ? changesLoader : checkInsAction;
      return handler(args as never);
    })) as Response;
  };
}

/**
 * A network losing 20 % of requests before the server and 10 % of answers after it (seeded: every run alike).
 * Whatever the draw, each gate's first batch of check-ins is handled by the server and its answer lost, and
 * the next attempt is lost on the way: the phone must send the same nonces again.
 */
function badNetwork(
  fetchLike: FetchLike,
  seed: number,
): FetchLike & { lost: () => number; batchAnswersLost: () => number } {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  let lost = 0;
  let batches = 0;
  let batchAnswersLost = 0;
  const wrapped = async (url: string, init?: RequestInit) => {
    const batch = init?.method === 'POST' ? ++batches : 0;
    if (batch === 2 || (batch !== 1 && random() < 0.2)) {
      lost += 1;
      throw new TypeError('Failed to fetch');
    }
    const response = await fetchLike(url, init);
    await response.clone().arrayBuffer();
    if (batch === 1 || random() < 0.1) {
      lost += 1;
      if (batch > 0 && response.ok) batchAnswersLost += 1;
      throw new TypeError('network error: the answer was lost');
    }
    return response;
  };
  return Object.assign(wrapped, { lost: () => lost, batchAnswersLost: () => batchAnswersLost });
}

type Gate = { name: string; session: DoorSession; network: ReturnType<typeof badNetwork> };

beforeAll(async () => {
  f = await doorFixture(api(), TICKETS);
});

describe('three gates offline, then synced through a bad network', () => {
  it('record every check-in once, one winner per ticket, duplicates told to both gates, revocations everywhere', async () => {
    const { db } = api().database;
    const scope = { kind: 'TICKET' as const, id: f.concert.id };
    const base = scanPagePath(f.organizerId, scope);
    const people = [f.scanner, f.manager, f.owner];
    const gates: Gate[] = [];
    for (const [index, name] of ['A', 'B', 'C'].entries()) {
      const person = people[index] as DoorFixture['scanner'];
      const network = badNetwork(proSite(person.pro.accessToken), 7 + index);
      const session = await DoorSession.open({
        scope,
        organizerId: f.organizerId,
        base,
        fetch: network,
        notify: () => {},
        databaseName: `guichet-controle-porte-${name}`,
      });
      await session.setGate(name);
      // The pack downloaded while the network held (retried like the page would).
      for (let tries = 0; !session.index && tries < 20; tries++) await session.refreshPack();
      expect(session.index?.tickets.size).toBe(TICKETS);
      gates.push({ name, session, network });
    }
    expect(new Set(gates.map((gate) => gate.session.deviceId)).size).toBe(3);

    // Refunded meanwhile: the gates' packs still say valid.
    const all = f.concert.tickets;
    const revoked = all.slice(0, 12).map((ticket) => ticket.id);
    await db.execute(
      sql`UPDATE ticket SET revoked_at = now(), revoked_reason = 'ORGANIZER' WHERE id = ANY(${`{${revoked.join(',')}}`}::int[])`,
    );

    // Offline: each gate scans its third of the tickets (signed QR codes, a few typed), some tickets twice at the
    // same gate, and some at two gates — clocks spread over the last 30 minutes.
    const start = Date.now() - 30 * 60_000;
    let minute = 0;
    const at = () => new Date(start + (minute++ % 1700) * 1000);
    const third = TICKETS / 3;
    const crossGate = new Set<number>();
    const [, B, C] = gates as [Gate, Gate, Gate];
    for (const [index, gate] of gates.entries()) {
      const mine = all.slice(index * third, (index + 1) * third);
      for (const [n, ticket] of mine.entries()) {
        const check = await gate.session.check(n % 10 === 0 ? ticket.code.toLowerCase() : ticket.signed, at());
        expect(check.verdict.verdict, `${gate.name} ${ticket.id}`).toBe('VALID');
      }
      // The same ticket again at this gate: « déjà scanné », here and now.
      for (const ticket of mine.slice(0, 5)) {
        const again = await gate.session.check(ticket.signed, at());
        expect(again.text).toMatch(new RegExp(`^Déjà scanné à \\d+ h \\d+ \\(porte ${gate.name}\\)$`));
      }
    }
    // Across gates: B and C let in tickets A had (and C some of B's), none knowing it.
    for (const [gate, from] of [
      [B, 0],
      [C, 20],
      [C, third],
    ] as const) {
      for (const ticket of all.slice(from, from + 10)) {
        const check = await gate.session.check(ticket.signed, at());
        expect(check.verdict.verdict).toBe('VALID');
        crossGate.add(ticket.id);
      }
    }
    const scans = (await Promise.all(gates.map((gate) => gate.session.store.scans(`TICKET:${f.concert.id}`)))).flat();
    const expectedCount = scans.length;
    expect(expectedCount).toBe(TICKETS + 15 + 30);
    for (const gate of gates)
      expect(await gate.session.store.pendingCount(`TICKET:${f.concert.id}`)).toBeGreaterThan(0);

    // Back online: each gate syncs until it went through (the loop's retries, without its delays).
    for (let round = 0; round < 3; round++) {
      for (const gate of gates) {
        for (let tries = 0; tries < 40; tries++) {
          try {
            await gate.session.syncOnce();
            break;
          } catch {
            // Lost on the way: sent again, same nonces.
          }
        }
      }
    }
    for (const gate of gates) expect(gate.network.batchAnswersLost()).toBeGreaterThan(0);

    // Every check-in recorded once: as many rows as nonces drawn.
    const [recorded] = await rowsOf<{ rows: number; nonces: number }>(
      db,
      sql`SELECT count(*)::int AS rows, count(DISTINCT nonce)::int AS nonces FROM check_in c
          JOIN ticket t ON t.id = c.ticket_id WHERE t.id = ANY(${`{${all.map((t) => t.id).join(',')}}`}::int[])`,
    );
    expect(recorded).toEqual({ rows: expectedCount, nonces: expectedCount });
    const nonces = await rowsOf<{ nonce: string }>(db, sql`SELECT nonce::text FROM check_in`);
    expect(new Set(nonces.map((row) => row.nonce))).toEqual(new Set(scans.map((scan) => scan.nonce)));

    // One winner per ticket: the earliest valid scan by the phones' clocks, written on the ticket.
    const winners = await rowsOf<{
      id: number;
      scannedAt: Date | string;
      first: Date | string;
      valid: number;
      flagged: number;
    }>(
      db,
      sql`SELECT t.id, t.scanned_at AS "scannedAt",
            min(c.scanned_at) FILTER (WHERE c.local_verdict = 'VALID') AS first,
            count(*) FILTER (WHERE c.local_verdict = 'VALID')::int AS valid,
            count(*) FILTER (WHERE c.conflict)::int AS flagged
          FROM ticket t JOIN check_in c ON c.ticket_id = t.id
          WHERE t.id = ANY(${`{${all.map((t) => t.id).join(',')}}`}::int[]) GROUP BY t.id`,
    );
    expect(winners).toHaveLength(TICKETS);
    for (const row of winners) {
      expect(new Date(row.scannedAt).getTime(), `billet ${row.id}`).toBe(new Date(row.first).getTime());
      expect(row.flagged).toBe(row.valid - 1);
    }

    // Each ticket let in at two gates is a conflict both gates were told of.
    for (const gate of gates) {
      const told = new Set((await gate.session.store.conflicts(`TICKET:${f.concert.id}`)).map((c) => c.ticketId));
      const involved = [...crossGate].filter((id) =>
        scans.some((scan) => scan.ticketId === id && scan.gate === gate.name && scan.localVerdict === 'VALID'),
      );
      expect(involved.length).toBeGreaterThan(0);
      for (const id of involved) expect(told.has(id), `porte ${gate.name}, billet ${id}`).toBe(true);
    }

    // Revocations reached every gate: the refunded tickets now say so, and every queue is empty.
    for (const gate of gates) {
      const refunded = all.find((ticket) => ticket.id === revoked[0]);
      expect((await gate.session.check(refunded?.signed ?? '', new Date())).text).toBe('Billet remboursé');
    }
    for (const gate of gates) {
      let left = await gate.session.store.pendingCount(`TICKET:${f.concert.id}`);
      for (let tries = 0; left > 0 && tries < 20; tries++) {
        await gate.session.syncOnce().catch(() => {});
        left = await gate.session.store.pendingCount(`TICKET:${f.concert.id}`);
      }
      expect(left).toBe(0);
      gate.session.close();
    }
  });
});
