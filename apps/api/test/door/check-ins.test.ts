/**
 * The door's routes with real phones' traffic: packs, batches of offline check-ins (sent twice, from two gates
 * at once, with clocks off), changes, revocations, and who may call them.
 */
import { createHash, randomUUID, verify } from 'node:crypto';
import {
  CHECK_IN_BATCH_MAX,
  type CheckInReceipt,
  type DoorChanges,
  type DoorPack,
  type DoorScopeSummary,
} from '@guichet/contracts';
import { parseTicketQr } from '@guichet/domain/door';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema.js';
import { publicKeyFromRaw } from '../../src/services/door/keys.js';
import { bearer } from '../auth/support.js';
import { createTestApp } from '../helpers.js';
import type { TestContext } from '../pro/support.js';
import { checkInsOf, type DoorFixture, doorFixture, scopeUrl } from './support.js';

let context: TestContext;
let f: DoorFixture;

beforeAll(async () => {
  context = await createTestApp();
  f = await doorFixture(context, 8);
});
afterAll(async () => {
  await context.close();
});

const concertUrl = (tail: string) => scopeUrl(f.organizerId, 'ticketings', f.concert.id, tail);

function send(
  body: { deviceId: string; gate: string; checkIns: unknown[] },
  headers: Record<string, string> = f.scanner.headers,
  url = concertUrl('check-ins'),
) {
  return context.app.inject({ method: 'POST', url, headers, payload: body });
}

async function receipt(body: Parameters<typeof send>[0]): Promise<CheckInReceipt> {
  const response = await send(body);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json<CheckInReceipt>();
}

const checkIn = (ticketId: number, scannedAt: Date | string, localVerdict = 'VALID', nonce = randomUUID()) => ({
  nonce,
  ticketId,
  scannedAt: typeof scannedAt === 'string' ? scannedAt : scannedAt.toISOString(),
  localVerdict,
});

async function changes(deviceId: string, since: string): Promise<DoorChanges> {
  const response = await context.app.inject({
    method: 'GET',
    url: `${concertUrl('changes')}?since=${encodeURIComponent(since)}&deviceId=${deviceId}`,
    headers: f.scanner.headers,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json<DoorChanges>();
}

const ticketRow = async (id: number) => (await context.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe('the pack', () => {
  it('holds the organiser’s keys, the products and every ticket with the hash of its printed code', async () => {
    const response = await context.app.inject({ method: 'GET', url: concertUrl('pack'), headers: f.scanner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pack = response.json<DoorPack>();
    expect(pack.scope).toMatchObject({ kind: 'TICKET', id: f.concert.id, admitted: 0, total: 8 });
    expect(pack.products).toEqual([{ id: f.concert.productId, title: f.concert.productTitle }]);
    expect(pack.tickets).toHaveLength(8);
    const first = f.concert.tickets[0];
    if (!first) throw new Error('ticket');
    const hash = createHash('sha256').update(first.code).digest().subarray(0, 12).toString('base64url');
    expect(pack.tickets[0]).toEqual([first.id, f.concert.productId, first.holder, hash, null, null, null]);
    // A phone verifies the PDF's code with the pack's key alone.
    const parsed = parseTicketQr(first.signed);
    const key = pack.keys.find((candidate) => candidate.id === parsed?.keyId);
    if (!parsed || !key) throw new Error('key');
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(32);
    expect(verify(null, parsed.signed, publicKeyFromRaw(key.publicKey), parsed.signature)).toBe(true);
    expect(Date.parse(pack.serverTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('the scopes list: the organiser’s ticketings and the deal it is the partner of, with their counts', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/pro/organizers/${f.organizerId}/door`,
      headers: f.scanner.headers,
    });
    expect(response.statusCode).toBe(200);
    const { scopes } = response.json<{ scopes: DoorScopeSummary[] }>();
    expect(scopes.map((scope) => [scope.kind, scope.id])).toEqual([
      ['TICKET', f.concert.id],
      ['TICKET', f.festival.id],
      ['VOUCHER', f.brunch.id],
    ]);
    expect(scopes[2]).toMatchObject({ startsAt: null, total: 8 });
  });
});

describe('check-ins', () => {
  it('the same nonce sent twice is recorded once', async () => {
    const ticket = f.concert.tickets[0];
    if (!ticket) throw new Error('ticket');
    const batch = { deviceId: 'telephone-a', gate: 'A', checkIns: [checkIn(ticket.id, new Date())] };
    expect(await receipt(batch)).toEqual({ recorded: 1, alreadyHad: 0, conflicts: [], revoked: [] });
    expect(await receipt(batch)).toEqual({ recorded: 0, alreadyHad: 1, conflicts: [], revoked: [] });
    expect(await checkInsOf(context.database.db, ticket.id)).toHaveLength(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ scannedGate: 'A' });
  });

  it('two gates let the same ticket in: the first by its phone’s clock wins, both are told', async () => {
    const ticket = f.concert.tickets[1];
    if (!ticket) throw new Error('ticket');
    const before = new Date().toISOString();
    const early = new Date(Date.now() - 10 * 60_000);
    const late = new Date(Date.now() - 5 * 60_000);
    // Gate B's later scan arrives first…
    const fromB = await receipt({ deviceId: 'telephone-b', gate: 'B', checkIns: [checkIn(ticket.id, late)] });
    expect(fromB.conflicts).toEqual([]);
    expect(await ticketRow(ticket.id)).toMatchObject({ scannedGate: 'B', scannedAt: late });
    // …then gate A's earlier one, from a phone that was offline: A wins, B's becomes the conflict.
    const nonceOfB = (await checkInsOf(context.database.db, ticket.id))[0]?.nonce;
    const fromA = await receipt({ deviceId: 'telephone-a', gate: 'A', checkIns: [checkIn(ticket.id, early)] });
    const conflict = {
      ticketId: ticket.id,
      winner: { gate: 'A', scannedAt: early.toISOString(), deviceId: 'telephone-a' },
      other: { gate: 'B', scannedAt: late.toISOString(), deviceId: 'telephone-b', nonce: nonceOfB },
    };
    expect(fromA.conflicts).toEqual([conflict]);
    expect(await ticketRow(ticket.id)).toMatchObject({ scannedGate: 'A', scannedAt: early });
    expect((await checkInsOf(context.database.db, ticket.id)).map((row) => [row.gate, row.conflict])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    // Each phone sees it in its changes; a third sees the ticket's new state but no conflict of its own.
    expect((await changes('telephone-b', before)).conflicts).toEqual([conflict]);
    expect((await changes('telephone-a', before)).conflicts).toEqual([conflict]);
    const third = await changes('telephone-c', before);
    expect(third.conflicts).toEqual([]);
    expect(third.tickets.find((row) => row[0] === ticket.id)).toEqual([
      ticket.id,
      f.concert.productId,
      ticket.holder,
      expect.any(String),
      null,
      early.toISOString(),
      'A',
    ]);
  });

  it('two gates sending at once: one winner, every other valid scan a conflict', async () => {
    const ticket = f.concert.tickets[2];
    if (!ticket) throw new Error('ticket');
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const answers = await Promise.all(
      ['C', 'D', 'E'].map((gate, index) =>
        send({ deviceId: `telephone-${gate}`, gate, checkIns: [checkIn(ticket.id, at(index + 1))] }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const rows = await checkInsOf(context.database.db, ticket.id);
    expect(rows.map((row) => [row.gate, row.conflict])).toEqual([
      ['E', false],
      ['D', true],
      ['C', true],
    ]);
    expect(await ticketRow(ticket.id)).toMatchObject({ scannedGate: 'E' });
  });

  it('a scan time in the future is brought back to reception, one of last week to a day before', async () => {
    const future = f.concert.tickets[3];
    const old = f.concert.tickets[4];
    if (!future || !old) throw new Error('ticket');
    const sent = Date.now();
    await receipt({
      deviceId: 'telephone-a',
      gate: 'A',
      checkIns: [checkIn(future.id, new Date(sent + 6 * 3_600_000)), checkIn(old.id, new Date(sent - 7 * 86_400_000))],
    });
    const futureAt = (await ticketRow(future.id))?.scannedAt?.getTime() ?? 0;
    expect(futureAt).toBeLessThanOrEqual(Date.now());
    expect(futureAt).toBeGreaterThanOrEqual(sent - 5_000);
    const oldAt = (await ticketRow(old.id))?.scannedAt?.getTime() ?? 0;
    expect(oldAt).toBeGreaterThanOrEqual(sent - 86_400_000 - 5_000);
    expect(oldAt).toBeLessThanOrEqual(Date.now() - 86_400_000 + 5_000);
  });

  it('a revoked ticket let in offline is reported; one of another scope is not recorded', async () => {
    const ticket = f.concert.tickets[5];
    const festival = f.festival.tickets[0];
    if (!ticket || !festival) throw new Error('ticket');
    const since = new Date().toISOString();
    await context.database.db
      .update(tickets)
      .set({ revokedAt: new Date(), revokedReason: 'ORGANIZER' })
      .where(eq(tickets.id, ticket.id));
    const answer = await receipt({
      deviceId: 'telephone-a',
      gate: 'A',
      checkIns: [checkIn(ticket.id, new Date()), checkIn(festival.id, new Date())],
    });
    expect(answer).toMatchObject({ recorded: 1, alreadyHad: 0, revoked: [ticket.id] });
    expect(await checkInsOf(context.database.db, festival.id)).toEqual([]);
    const seen = (await changes('telephone-b', since)).tickets.find((row) => row[0] === ticket.id);
    expect(seen?.[4]).toBe('ORGANIZER');
  });

  it('refuses a batch of more than 1000, and a bad nonce, with French messages', async () => {
    const ticket = f.concert.tickets[6];
    if (!ticket) throw new Error('ticket');
    const many = Array.from({ length: CHECK_IN_BATCH_MAX + 1 }, () => checkIn(ticket.id, new Date()));
    const tooMany = await send({ deviceId: 'telephone-a', gate: 'A', checkIns: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('1000 passages au plus par envoi.');
    const badNonce = await send({
      deviceId: 'telephone-a',
      gate: 'A',
      checkIns: [checkIn(ticket.id, new Date(), 'VALID', 'pas-un-uuid')],
    });
    expect(badNonce.statusCode).toBe(400);
    expect(await checkInsOf(context.database.db, ticket.id)).toEqual([]);
    const exactly = Array.from({ length: CHECK_IN_BATCH_MAX }, () => checkIn(ticket.id, new Date(), 'ALREADY_SCANNED'));
    expect((await receipt({ deviceId: 'telephone-a', gate: 'A', checkIns: exactly })).recorded).toBe(
      CHECK_IN_BATCH_MAX,
    );
  });
});

describe('who may call the door', () => {
  const bodies = () => {
    const ticket = f.concert.tickets[7];
    return {
      scan: { code: ticket?.code ?? '', nonce: randomUUID(), gate: 'A', deviceId: 'telephone-a' },
      checkIns: {
        deviceId: 'telephone-a',
        gate: 'A',
        checkIns: [checkIn(ticket?.id ?? 0, new Date(), 'ALREADY_SCANNED')],
      },
    };
  };
  const calls = (organizerId: number, kind: 'ticketings' | 'offers', id: number) => [
    { method: 'GET' as const, url: `/pro/organizers/${organizerId}/door` },
    { method: 'GET' as const, url: scopeUrl(organizerId, kind, id, 'pack') },
    {
      method: 'GET' as const,
      url: `${scopeUrl(organizerId, kind, id, 'changes')}?since=${encodeURIComponent(new Date().toISOString())}&deviceId=x`,
    },
    { method: 'POST' as const, url: scopeUrl(organizerId, kind, id, 'scan'), payload: bodies().scan },
    { method: 'POST' as const, url: scopeUrl(organizerId, kind, id, 'check-ins'), payload: bodies().checkIns },
  ];

  it('a scanner, a manager and an owner may use all five', async () => {
    for (const member of [f.scanner, f.manager, f.owner]) {
      for (const call of calls(f.organizerId, 'ticketings', f.concert.id)) {
        const response = await context.app.inject({ ...call, headers: member.headers });
        expect(response.statusCode, `${call.method} ${call.url} → ${response.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it('no one else: 401 without a pro session', async () => {
    for (const call of calls(f.organizerId, 'ticketings', f.concert.id)) {
      for (const headers of [{}, bearer(f.scanner.tokens.accessToken)]) {
        const response = await context.app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
  });

  it('another organiser’s scope, an offer it is not the partner of, an unknown scope: 404', async () => {
    const scopes: ['ticketings' | 'offers', number][] = [
      ['ticketings', f.elsewhere.id],
      ['offers', f.unpartnered.id],
      ['offers', f.brunch.id + 10_000],
      ['ticketings', f.concert.id + 10_000],
    ];
    for (const [kind, id] of scopes) {
      for (const call of calls(f.organizerId, kind, id).slice(1)) {
        const response = await context.app.inject({ ...call, headers: f.scanner.headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
    }
    // Their owner, with their own organiser's id, gets their pack.
    const theirs = await context.app.inject({
      method: 'GET',
      url: scopeUrl(f.otherOrganizerId, 'ticketings', f.elsewhere.id, 'pack'),
      headers: f.otherOwner.headers,
    });
    expect(theirs.statusCode).toBe(200);
    // And the scanner of the first, with the other organiser's id, gets the 404 of an organiser it is not in.
    for (const call of calls(f.otherOrganizerId, 'ticketings', f.elsewhere.id)) {
      const response = await context.app.inject({ ...call, headers: f.scanner.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
  });
});
