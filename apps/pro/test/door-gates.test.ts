/**
 * Three gates offline, then back online through a bad network, at the scale of a full house (issue 26): 3,000
 * paid tickets, against the real API (PGlite on loopback) and the pro site's own door routes run behind its root
 * middleware (cross-site door, session from the cookie). Each gate is the scan page's engine (DoorSession,
 * sync.ts) with its own IndexedDB (fake-indexeddb) and device id. Packs downloaded; then 100 tickets refunded
 * through the API's refund route (the gates' packs still say valid); the gates scan ~1,100 codes each, their
 * clocks spread over 30 minutes: each its third of the house, 100 of the next gate's third (300 double entries
 * across gates, none knowing of the other) and 100 tickets again at the same gate. Then the sync, with 20 % of
 * requests lost before the server and 10 % of answers lost after it. Every check-in is recorded once; a ticket
 * has one winner, the first scan by the phones' clocks even when it arrives last; each double entry is told to
 * both gates; each refunded ticket let in is reported to its gate; the queues end empty.
 */
import 'fake-indexeddb/auto';
import { CHECK_IN_BATCH_MAX, type CheckInReceipt } from '@guichet/contracts';
import { doorVerdictText } from '@guichet/domain/door';
import { sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/db/client';
import {
  type CrowdFixture,
  crowdTicketing,
  type DoorFixture,
  type DoorTicketFixture,
  doorFixture,
} from '../../api/test/door/support';
import { loader as changesLoader } from '../app/door/changes.route';
import { action as checkInsAction } from '../app/door/check-ins.route';
import { DoorSession } from '../app/door/door-session';
import { loader as packLoader } from '../app/door/pack.route';
import { scanPagePath } from '../app/door/paths';
import type { CheckIn } from '../app/door/store';
import type { FetchLike } from '../app/door/sync';
import { proAccessTokenCookie } from '../app/lib/server/session.server';
import { middleware } from '../app/root';
import { PRO, realProApi } from './real-api';

const { api } = realProApi();

const GATES = ['A', 'B', 'C'] as const;
const TICKETS = 3000;
const PER_ORDER = 10;
/** Each gate's third of the house. */
const OWN = TICKETS / GATES.length;
/** Tickets of the next gate's third each gate lets in too: 300 double entries across gates. */
const CROSS_PER_GATE = 100;
/** Tickets shown twice at the same gate, over the three gates. */
const REPEATS = 100;
/** 100 tickets refunded: 4 of each of 25 orders spread over the house. */
const REFUNDED_ORDERS = 25;
const REFUNDED_PER_ORDER = 4;
const WINDOW_MS = 30 * 60_000;

let f: DoorFixture;
let house: CrowdFixture;

/** A seeded draw in [0, 1): every run alike. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

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
 * the next attempt is lost on the way: the phone must send the same nonces again. The batches' receipts that
 * did reach the phone are kept: what the gate was told.
 */
function badNetwork(fetchLike: FetchLike, seed: number) {
  const random = seeded(seed);
  let batches = 0;
  let batchAnswersLost = 0;
  const receipts: CheckInReceipt[] = [];
  const wrapped: FetchLike = async (url, init) => {
    const batch = init?.method === 'POST' ? ++batches : 0;
    if (batch === 2 || (batch !== 1 && random() < 0.2)) throw new TypeError('Failed to fetch');
    const response = await fetchLike(url, init);
    const body = await response.clone().text();
    if (batch === 1 || random() < 0.1) {
      if (batch > 0 && response.ok) batchAnswersLost += 1;
      throw new TypeError('network error: the answer was lost');
    }
    if (batch > 0 && response.ok) receipts.push(JSON.parse(body) as CheckInReceipt);
    return response;
  };
  return Object.assign(wrapped, { batchAnswersLost: () => batchAnswersLost, receipts });
}

type Gate = { name: string; session: DoorSession; network: ReturnType<typeof badNetwork> };

/** A code shown at a gate: a ticket's first scan there, another gate's ticket, or a ticket shown again. */
type Shown = { gate: number; ticket: DoorTicketFixture; kind: 'first' | 'cross' | 'again'; typed: boolean; at: Date };

/** `count` distinct items of `items`, drawn. */
function draw<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

/**
 * What each gate is shown, in its order and with its phone's clock: its own third in a drawn order (one in ten
 * typed), the next gate's tickets among them, and some of its own again later. A gate's clock goes forward
 * over the 30 minutes; the gates' instants never coincide (offset 0, 1, 2 ms on a 3 ms grid), so the first
 * scan of a double entry is never a tie and either gate may have it.
 */
function showings(tickets: readonly DoorTicketFixture[], start: number, random: () => number): Shown[] {
  const all: Shown[] = [];
  for (const [gate] of GATES.entries()) {
    const own = tickets.slice(gate * OWN, (gate + 1) * OWN);
    const nextGate = (gate + 1) % GATES.length;
    const next = tickets.slice(nextGate * OWN, (nextGate + 1) * OWN);
    // Instants given once the gate's line is drawn.
    const at = new Date(0);
    const firsts = own.map((ticket, n): Shown => ({ gate, ticket, kind: 'first', typed: n % 10 === 0, at }));
    const crosses = draw(next, CROSS_PER_GATE, random).map(
      (ticket): Shown => ({ gate, ticket, kind: 'cross', typed: false, at }),
    );
    const line = draw([...firsts, ...crosses], OWN + CROSS_PER_GATE, random);
    const repeats = Math.floor(REPEATS / GATES.length) + (gate < REPEATS % GATES.length ? 1 : 0);
    for (const ticket of draw(own, repeats, random)) {
      const first = line.findIndex((shown) => shown.ticket === ticket && shown.kind === 'first');
      const later = first + 1 + Math.floor(random() * (line.length - first));
      line.splice(later, 0, { gate, ticket, kind: 'again', typed: false, at });
    }
    const step = Math.floor(WINDOW_MS / 3 / line.length);
    for (const [n, shown] of line.entries()) all.push({ ...shown, at: new Date(start + 3 * step * n + gate) });
  }
  return all.sort((a, b) => a.at.getTime() - b.at.getTime());
}

beforeAll(async () => {
  f = await doorFixture(api(), 1);
  house = await crowdTicketing(api(), f.organizerId, { count: TICKETS, perOrder: PER_ORDER });
}, 60_000);

describe('three gates offline at a full house, then synced through a bad network', () => {
  it('record every check-in once, the first scan by the clocks wins, duplicates told to both gates, refunds reported', async () => {
    const { db } = api().database;
    const scope = { kind: 'TICKET' as const, id: house.id };
    const scopeKey = `TICKET:${house.id}`;
    const base = scanPagePath(f.organizerId, scope);
    const people = [f.scanner, f.manager, f.owner];
    const gates: Gate[] = [];
    for (const [index, name] of GATES.entries()) {
      const person = people[index] as DoorFixture['scanner'];
      const network = badNetwork(proSite(person.pro.accessToken), 7 + index);
      const session = await DoorSession.open({
        scope,
        organizerId: f.organizerId,
        base,
        fetch: network,
        notify: () => {},
        databaseName: `guichet-controle-complet-${name}`,
      });
      await session.setGate(name);
      // The pack downloaded while the network held (retried like the page would).
      for (let tries = 0; !session.index && tries < 20; tries++) await session.refreshPack();
      expect(session.index?.tickets.size).toBe(TICKETS);
      gates.push({ name, session, network });
    }
    expect(new Set(gates.map((gate) => gate.session.deviceId)).size).toBe(GATES.length);

    // Refunded meanwhile, through the organiser's refund of part of an order: the gates' packs still say valid.
    const refundedOrders = house.orders.filter((_, n) => n % Math.floor(house.orders.length / REFUNDED_ORDERS) === 0);
    const revoked = new Set<number>();
    for (const order of refundedOrders.slice(0, REFUNDED_ORDERS)) {
      const ticketIds = order.ticketIds.slice(0, REFUNDED_PER_ORDER);
      const refund = await api().app.inject({
        method: 'POST',
        url: `/pro/organizers/${f.organizerId}/orders/${order.id}/refunds`,
        headers: f.owner.headers,
        payload: { requestId: crypto.randomUUID(), ticketIds },
      });
      expect(refund.statusCode, refund.body).toBe(202);
      for (const id of ticketIds) revoked.add(id);
    }
    await api().app.background.idle();
    expect(revoked.size).toBe(REFUNDED_ORDERS * REFUNDED_PER_ORDER);
    const [refunds] = await rowsOf<{ revoked: number; succeeded: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM ticket t JOIN order_item oi ON oi.id = t.order_item_id
            WHERE t.revoked_reason = 'ORGANIZER' AND oi.product_id = ${house.productId})::int AS revoked,
          (SELECT count(*) FROM refund r JOIN "order" o ON o.id = r.order_id
            WHERE o.user_id = ${house.buyerId} AND r.status = 'SUCCEEDED')::int AS succeeded`,
    );
    expect(refunds).toEqual({ revoked: revoked.size, succeeded: REFUNDED_ORDERS });

    // Offline: each code shown at its gate, with the gate's clock; every gate lets its tickets in, the other
    // gates' too (none knows), and says « déjà scanné » to a ticket shown twice to it.
    const shown = showings(house.tickets, Date.now() - WINDOW_MS - 60_000, seeded(2026));
    expect(shown).toHaveLength(TICKETS + CROSS_PER_GATE * GATES.length + REPEATS);
    const firstHere = new Map<string, Date>();
    for (const scan of shown) {
      const gate = gates[scan.gate] as Gate;
      const check = await gate.session.check(scan.typed ? scan.ticket.code.toLowerCase() : scan.ticket.signed, scan.at);
      const key = `${gate.name}:${scan.ticket.id}`;
      if (scan.kind === 'again') {
        const verdict = { verdict: 'ALREADY_SCANNED', scannedAt: firstHere.get(key)?.toISOString(), gate: gate.name };
        expect(check.verdict, `porte ${gate.name}, billet ${scan.ticket.id}`).toEqual(verdict);
        expect(check.text).toBe(doorVerdictText(check.verdict));
        expect(check.text).toMatch(new RegExp(`^Déjà scanné à \\d+ h \\d+ \\(porte ${gate.name}\\)$`));
      } else {
        expect(check.verdict.verdict, `porte ${gate.name}, billet ${scan.ticket.id}`).toBe('VALID');
        firstHere.set(key, scan.at);
      }
    }
    const scans = new Map<string, CheckIn>();
    for (const gate of gates) {
      for (const scan of await gate.session.store.scans(scopeKey)) scans.set(`${scan.gate}:${scan.scannedAt}`, scan);
      // More than a batch holds: each gate sends two.
      expect(await gate.session.store.pendingCount(scopeKey)).toBeGreaterThan(CHECK_IN_BATCH_MAX);
    }
    expect(scans.size).toBe(shown.length);
    /** The check-in a gate kept for a code shown to it. */
    const checkInOf = (scan: Shown) => scans.get(`${GATES[scan.gate]}:${scan.at.toISOString()}`) as CheckIn;

    // Back online: each gate syncs until it went through (the loop's retries, without its delays), in turn, a
    // few rounds, so that each pulls what the others sent.
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

    // Every check-in recorded once: as many rows as nonces drawn, and the very nonces.
    const recorded = await rowsOf<{ nonce: string }>(
      db,
      sql`SELECT nonce::text FROM check_in WHERE scope_kind = 'TICKET' AND scope_id = ${house.id}`,
    );
    expect(recorded).toHaveLength(shown.length);
    expect(new Set(recorded.map((row) => row.nonce))).toEqual(new Set([...scans.values()].map((scan) => scan.nonce)));

    // One winner per ticket: the earliest scan by the phones' clocks, written on the ticket; every other valid
    // scan of it flagged. A double entry's winner is the earlier scan even when its gate sent it last.
    const expected = new Map<number, Shown>();
    for (const scan of shown) {
      const known = expected.get(scan.ticket.id);
      if (scan.kind !== 'again' && (!known || scan.at < known.at)) expected.set(scan.ticket.id, scan);
    }
    const tickets = await rowsOf<{ id: number; scannedAt: string; gate: string; winners: number; flagged: number }>(
      db,
      sql`SELECT t.id, to_char(t.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "scannedAt",
            t.scanned_gate AS gate,
            count(*) FILTER (WHERE c.local_verdict = 'VALID' AND NOT c.conflict)::int AS winners,
            count(*) FILTER (WHERE c.conflict)::int AS flagged
          FROM ticket t JOIN order_item oi ON oi.id = t.order_item_id JOIN check_in c ON c.ticket_id = t.id
          WHERE oi.product_id = ${house.productId} GROUP BY t.id ORDER BY t.id`,
    );
    expect(tickets).toHaveLength(TICKETS);
    const crossed = shown.filter((scan) => scan.kind === 'cross');
    const doubles = new Set(crossed.map((scan) => scan.ticket.id));
    expect(doubles.size).toBe(CROSS_PER_GATE * GATES.length);
    for (const row of tickets) {
      const first = expected.get(row.id) as Shown;
      expect(row, `billet ${row.id}`).toEqual({
        id: row.id,
        scannedAt: first.at.toISOString(),
        gate: GATES[first.gate],
        winners: 1,
        flagged: doubles.has(row.id) ? 1 : 0,
      });
    }
    // Both ways happened (the gates sent in turn, A, B, C): a ticket the first sender had won stayed its, or
    // went to the later sender whose scan was earlier.
    const ownerOf = (scan: Shown) => (scan.gate + 1) % GATES.length;
    const wonByLaterSender = crossed.filter(
      (scan) => expected.get(scan.ticket.id)?.gate === Math.max(scan.gate, ownerOf(scan)),
    );
    expect(wonByLaterSender.length).toBeGreaterThan(CROSS_PER_GATE / 2);
    expect(crossed.length - wonByLaterSender.length).toBeGreaterThan(CROSS_PER_GATE / 2);

    // Each double entry is a conflict both of its gates were told of, naming the winner and the losing scan;
    // a gate is told of its own double entries only. A ticket shown twice at one gate is no conflict: that gate
    // said « déjà scanné » on the spot.
    for (const [index, gate] of gates.entries()) {
      const told = new Map<number, unknown>();
      for (const conflict of await gate.session.store.conflicts(scopeKey)) told.set(conflict.ticketId, conflict);
      const mine = crossed.filter((scan) => scan.gate === index || ownerOf(scan) === index);
      expect(mine).toHaveLength(2 * CROSS_PER_GATE);
      expect(told.size, `porte ${gate.name}`).toBe(mine.length);
      for (const scan of mine) {
        const own = shown.find((other) => other.ticket === scan.ticket && other.kind === 'first') as Shown;
        const [winner, loser] = own.at < scan.at ? [own, scan] : [scan, own];
        expect(told.get(scan.ticket.id), `porte ${gate.name}, billet ${scan.ticket.id}`).toMatchObject({
          winner: { gate: GATES[winner.gate], scannedAt: winner.at.toISOString() },
          other: { gate: GATES[loser.gate], scannedAt: loser.at.toISOString(), nonce: checkInOf(loser).nonce },
        });
      }
    }

    // Every refunded ticket a gate let in was reported to that gate in a batch's receipt; every gate now has
    // all the refunds and the other gates' entries: « Entrés 2 900 / 2 900 », a refunded code « Billet remboursé ».
    const reportedAnywhere = new Set<number>();
    for (const [index, gate] of gates.entries()) {
      const letIn = new Set(
        shown.filter((scan) => scan.gate === index && scan.kind !== 'again').map((scan) => scan.ticket.id),
      );
      const reported = new Set(gate.network.receipts.flatMap((receipt) => receipt.revoked));
      expect(reported.size).toBeGreaterThan(REFUNDED_ORDERS);
      expect(reported).toEqual(new Set([...revoked].filter((id) => letIn.has(id))));
      for (const id of reported) reportedAnywhere.add(id);
      const known = gate.session.index;
      expect(known?.counts()).toEqual({ admitted: TICKETS - revoked.size, total: TICKETS - revoked.size });
      for (const id of revoked) expect(known?.tickets.get(id)?.revokedReason, `billet ${id}`).toBe('ORGANIZER');
      const refunded = house.tickets.find((ticket) => ticket.id === [...revoked][index]);
      expect((await gate.session.check(refunded?.signed ?? '', new Date())).text).toBe('Billet remboursé');
    }

    expect(reportedAnywhere).toEqual(revoked);

    // Every queue ends empty.
    for (const gate of gates) {
      let left = await gate.session.store.pendingCount(scopeKey);
      for (let tries = 0; left > 0 && tries < 20; tries++) {
        await gate.session.syncOnce().catch(() => {});
        left = await gate.session.store.pendingCount(scopeKey);
      }
      expect(left).toBe(0);
      gate.session.close();
    }
  }, 90_000);
});
