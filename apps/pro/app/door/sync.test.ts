/**
 * The phone's store (fake-indexeddb) and its sync against a fake server speaking the pro site's door routes
 * (the real API's fault test is apps/pro/test/door-gates.test.ts): batches of at most CHECK_IN_BATCH_MAX,
 * nothing out of the queue before the server acknowledged it, the same nonces sent again after a lost answer
 * and counted once, changes and conflicts pulled in, the delays after a failure.
 */
import 'fake-indexeddb/auto';
import {
  CHECK_IN_BATCH_MAX,
  type CheckInReceipt,
  type DoorChanges,
  type DoorConflict,
  type DoorPack,
} from '@guichet/contracts';
import { FORM_LIMITS } from '@guichet/ui/read-form.server';
import { describe, expect, it, vi } from 'vitest';
import { decodeCheckIns, encodeCheckIns } from './check-in-form';
import { type CheckIn, DEFAULT_GATE, DoorStore } from './store';
import { DoorSync, DoorSyncError, type FetchLike, SyncLoop } from './sync';

const SCOPE = 'TICKET:42';
const BASE = '/organisateurs/1/controle/billetteries/42';
let databases = 0;
const openStore = () => DoorStore.open(`guichet-controle-test-${++databases}`);

const pack = (tickets: number): DoorPack => ({
  scope: {
    kind: 'TICKET',
    id: 42,
    title: 'Concert',
    startsAt: null,
    endsAt: '2026-12-01T23:00:00.000Z',
    admitted: 0,
    total: tickets,
  },
  keys: [],
  products: [{ id: 5, title: 'Catégorie 1' }],
  tickets: Array.from({ length: tickets }, (_, i) => [i + 1, 5, `Titulaire ${i + 1}`, `h${i + 1}`, null, null, null]),
  serverTime: '2026-11-27T06:00:00.000Z',
});

/**
 * The door routes as a fake server: every nonce counted once, the first valid scan (device time) wins,
 * each losing valid scan a conflict told to both devices. `drop` decides, per request, to lose it before
 * the server sees it ('request') or after it handled it ('answer').
 */
function fakeServer(tickets = 3000) {
  const checkIns = new Map<string, CheckIn & { deviceId: string }>();
  const revoked = new Set<number>();
  let requests = 0;
  let drop: (request: number) => 'request' | 'answer' | null = () => null;
  let status: number | null = null;
  const conflictsOf = (ids: Set<number>): DoorConflict[] => {
    const conflicts: DoorConflict[] = [];
    for (const id of ids) {
      const valid = [...checkIns.values()]
        .filter((row) => row.ticketId === id && row.localVerdict === 'VALID')
        .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
      const [winner, ...others] = valid;
      if (!winner) continue;
      for (const other of others) {
        conflicts.push({
          ticketId: id,
          winner: { gate: winner.gate, scannedAt: winner.scannedAt, deviceId: winner.deviceId },
          other: { gate: other.gate, scannedAt: other.scannedAt, deviceId: other.deviceId, nonce: other.nonce },
        });
      }
    }
    return conflicts;
  };
  const fetch: FetchLike = async (url, init) => {
    const n = ++requests;
    const dropped = drop(n);
    if (dropped === 'request') throw new TypeError('Failed to fetch');
    if (status) return Response.json({ message: 'non' }, { status });
    const { pathname, searchParams } = new URL(url, 'http://pro.test');
    let body: unknown;
    if (pathname === `${BASE}/paquet`) body = pack(tickets);
    else if (pathname === `${BASE}/passages` && init?.method === 'POST') {
      const form = new URLSearchParams(String(init.body));
      const lines = decodeCheckIns(form.get('passages') ?? '');
      if (!lines || lines.length > CHECK_IN_BATCH_MAX) return Response.json({ message: 'trop' }, { status: 400 });
      let recorded = 0;
      for (const line of lines) {
        if (checkIns.has(line.nonce)) continue;
        recorded += 1;
        checkIns.set(line.nonce, {
          ...line,
          scope: SCOPE,
          gate: form.get('gate') ?? '',
          deviceId: form.get('deviceId') ?? '',
        });
      }
      const ids = new Set(lines.map((line) => line.ticketId));
      body = {
        recorded,
        alreadyHad: lines.length - recorded,
        conflicts: conflictsOf(ids),
        revoked: lines.filter((l) => l.localVerdict === 'VALID' && revoked.has(l.ticketId)).map((l) => l.ticketId),
      } satisfies CheckInReceipt;
    } else if (pathname === `${BASE}/changements`) {
      const deviceId = searchParams.get('deviceId');
      body = {
        tickets: [...revoked].map((id) => [id, 5, `Titulaire ${id}`, `h${id}`, 'ORGANIZER', null, null]),
        conflicts: conflictsOf(new Set([...checkIns.values()].map((row) => row.ticketId))).filter(
          (conflict) => conflict.winner.deviceId === deviceId || conflict.other.deviceId === deviceId,
        ),
        serverTime: `2026-11-27T06:${String(Math.min(59, requests)).padStart(2, '0')}:00.000Z`,
      } satisfies DoorChanges;
    } else return new Response('introuvable', { status: 404 });
    if (dropped === 'answer') throw new TypeError('network error: answer lost');
    return Response.json(body);
  };
  return {
    fetch,
    checkIns,
    revoked,
    requests: () => requests,
    setDrop(rule: typeof drop) {
      drop = rule;
    },
    setStatus(next: number | null) {
      status = next;
    },
  };
}

const checkIn = (i: number, ticketId: number, gate = 'A', verdict: CheckIn['localVerdict'] = 'VALID'): CheckIn => ({
  nonce: crypto.randomUUID(),
  scope: SCOPE,
  ticketId,
  scannedAt: new Date(Date.UTC(2026, 10, 27, 5, 0, 0, i * 1000)).toISOString(),
  gate,
  localVerdict: verdict,
});

async function gate(server: ReturnType<typeof fakeServer>) {
  const store = await openStore();
  const deviceId = await store.deviceId();
  const sync = new DoorSync({ fetch: server.fetch, store, scope: SCOPE, base: BASE, deviceId });
  await sync.downloadPack(1);
  return { store, sync, deviceId };
}

describe('the phone’s store', () => {
  it('draws its device id once and keeps it, with gate « A » until another is set', async () => {
    const name = `guichet-controle-test-${++databases}`;
    const store = await DoorStore.open(name);
    const id = await store.deviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.gate()).toBe(DEFAULT_GATE);
    await store.setGate('Entrée nord');
    store.close();
    const reopened = await DoorStore.open(name);
    expect(await reopened.deviceId()).toBe(id);
    expect(await reopened.gate()).toBe('Entrée nord');
  });

  it('keeps a pack, a scan and its queue entry across a reload; a new pack keeps the scans', async () => {
    const server = fakeServer(10);
    const { store } = await gate(server);
    const scan = checkIn(1, 3);
    await store.recordCheckIn(scan);
    const saved = await store.pack(SCOPE);
    expect(saved?.meta.summary.title).toBe('Concert');
    expect(saved?.tickets).toHaveLength(10);
    expect(await store.pendingCount(SCOPE)).toBe(1);
    await store.savePack(SCOPE, 1, pack(4), []);
    expect((await store.pack(SCOPE))?.tickets).toHaveLength(0);
    expect(await store.scans(SCOPE)).toEqual([scan]);
  });
});

describe('what the phone forgets', () => {
  it('drops a scope two days after it ended, unless check-ins of it still wait to be sent', async () => {
    const server = fakeServer(5);
    const { store } = await gate(server);
    const ended = new Date(Date.parse('2026-12-01T23:00:00.000Z') + 2 * 24 * 3600_000 + 1000);
    await store.recordCheckIn(checkIn(1, 2));
    await store.addConflicts(SCOPE, [
      {
        ticketId: 2,
        winner: { gate: 'B', scannedAt: '2026-11-27T05:00:00.000Z', deviceId: 'b' },
        other: { gate: 'A', scannedAt: '2026-11-27T05:01:00.000Z', deviceId: 'a', nonce: crypto.randomUUID() },
      },
    ]);
    expect(await store.forgetEnded(new Date('2026-12-03T22:00:00.000Z'))).toEqual([]);
    expect(await store.forgetEnded(ended)).toEqual([]);
    expect((await store.pack(SCOPE))?.tickets).toHaveLength(5);
    await store.acknowledge((await store.pending(SCOPE, 10)).map((row) => row.nonce));
    expect(await store.forgetEnded(ended)).toEqual([SCOPE]);
    expect(await store.pack(SCOPE)).toBeNull();
    expect(await store.scans(SCOPE)).toEqual([]);
    expect(await store.conflicts(SCOPE)).toEqual([]);
  });
});

describe('the sync', () => {
  it('sends 2,500 queued check-ins in batches of at most 1,000 and empties the queue', async () => {
    const server = fakeServer();
    const { store, sync } = await gate(server);
    for (let i = 0; i < 2500; i++) await store.recordCheckIn(checkIn(i, i + 1));
    const before = server.requests();
    const outcome = await sync.sendQueue();
    expect(server.requests() - before).toBe(3);
    expect(outcome).toMatchObject({ sent: 2500, recorded: 2500, alreadyHad: 0 });
    expect(await store.pendingCount(SCOPE)).toBe(0);
    expect(server.checkIns.size).toBe(2500);
  });

  it('keeps the queue when the request or its answer is lost, and sends the same nonces again: counted once', async () => {
    const server = fakeServer();
    const { store, sync } = await gate(server);
    const queued = Array.from({ length: 30 }, (_, i) => checkIn(i, i + 1));
    for (const row of queued) await store.recordCheckIn(row);
    server.setDrop(() => 'request');
    await expect(sync.sendQueue()).rejects.toEqual(new DoorSyncError('offline'));
    expect(await store.pendingCount(SCOPE)).toBe(30);
    server.setDrop(() => 'answer');
    await expect(sync.sendQueue()).rejects.toBeInstanceOf(DoorSyncError);
    // The server has them, the phone does not know it: still queued.
    expect(server.checkIns.size).toBe(30);
    expect(await store.pendingCount(SCOPE)).toBe(30);
    server.setDrop(() => null);
    const outcome = await sync.sendQueue();
    expect(outcome).toMatchObject({ sent: 30, recorded: 0, alreadyHad: 30 });
    expect([...server.checkIns.keys()].sort()).toEqual(queued.map((row) => row.nonce).sort());
    expect(await store.pendingCount(SCOPE)).toBe(0);
  });

  it('stops at a signed-out session or a server failure, queue intact', async () => {
    const server = fakeServer();
    const { store, sync } = await gate(server);
    await store.recordCheckIn(checkIn(1, 1));
    server.setStatus(401);
    await expect(sync.syncOnce()).rejects.toMatchObject({ failure: 'signedOut' });
    server.setStatus(503);
    await expect(sync.syncOnce()).rejects.toMatchObject({ failure: 'unavailable' });
    expect(await store.pendingCount(SCOPE)).toBe(1);
  });

  it('tells both gates of a ticket let in twice, and pulls revocations in', async () => {
    const server = fakeServer();
    const a = await gate(server);
    const b = await gate(server);
    await a.store.recordCheckIn(checkIn(10, 7, 'A'));
    await b.store.recordCheckIn(checkIn(5, 7, 'B'));
    server.revoked.add(9);
    const fromA = await a.sync.syncOnce();
    expect(fromA.conflicts).toEqual([]);
    const fromB = await b.sync.syncOnce();
    expect(fromB.conflicts[0]).toMatchObject({ ticketId: 7, winner: { gate: 'B' }, other: { gate: 'A' } });
    expect(fromB.tickets.find((ticket) => ticket.id === 9)?.revokedReason).toBe('ORGANIZER');
    await a.sync.pullChanges();
    expect(await a.store.conflicts(SCOPE)).toHaveLength(1);
    expect(await b.store.conflicts(SCOPE)).toHaveLength(1);
    const ticket9 = (await a.store.pack(SCOPE))?.tickets.find((ticket) => ticket.id === 9);
    expect(ticket9?.revokedReason).toBe('ORGANIZER');
    expect((await a.store.pack(SCOPE))?.meta.since).not.toBe('2026-11-27T06:00:00.000Z');
  });

  it('sends each gate’s check-ins under its own name', async () => {
    const server = fakeServer();
    const { store, sync } = await gate(server);
    await store.recordCheckIn(checkIn(1, 1, 'A'));
    await store.recordCheckIn(checkIn(2, 2, 'B'));
    await store.recordCheckIn(checkIn(3, 3, 'A'));
    await sync.sendQueue();
    expect([...server.checkIns.values()].map((row) => [row.ticketId, row.gate]).sort()).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'A'],
    ]);
  });
});

describe('the sync loop', () => {
  it('waits 1 s, 2 s, 4 s… up to a minute after failures, then every 15 s', async () => {
    expect([1, 2, 3, 4, 7, 20].map(SyncLoop.backoff)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
    const delays: number[] = [];
    const timers = { setTimeout: (_run: () => void, ms: number) => delays.push(ms), clearTimeout: () => {} };
    let fail = true;
    const report = vi.fn();
    const loop = new SyncLoop(
      {
        syncOnce: async () => {
          if (fail) throw new DoorSyncError('offline');
          return { sent: 0, recorded: 0, alreadyHad: 0, conflicts: [], revoked: [], tickets: [] };
        },
      },
      report,
      timers,
    );
    await loop.kick();
    await loop.kick();
    fail = false;
    await loop.kick();
    expect(delays).toEqual([1000, 2000, 15_000]);
    expect(report).toHaveBeenCalledTimes(3);
    loop.stop();
  });
});

describe('the batch as the phone posts it', () => {
  it('reads back as sent, and 1,000 check-ins of the largest ids fit the pro site’s form limit', () => {
    const lines = Array.from({ length: CHECK_IN_BATCH_MAX }, (_, i) => ({
      nonce: crypto.randomUUID(),
      ticketId: 0xffff_ffff - i,
      scannedAt: new Date(Date.UTC(2099, 11, 31, 23, 59, 59, 999)).toISOString(),
      localVerdict: 'ALREADY_SCANNED' as const,
    }));
    const body = new URLSearchParams({
      deviceId: crypto.randomUUID(),
      gate: 'x'.repeat(40),
      passages: encodeCheckIns(lines),
    });
    expect(body.toString().length).toBeLessThan(FORM_LIMITS.bytes);
    expect(decodeCheckIns(encodeCheckIns(lines))).toEqual(lines);
    expect(decodeCheckIns('abc')).toBeNull();
  });
});
