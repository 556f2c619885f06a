/**
 * The phone's exchange with the API, through the pro site's door routes (the browser holds no token): the
 * queue of check-ins sent in batches of at most CHECK_IN_BATCH_MAX, each check-in with the nonce it was
 * given when scanned — a batch whose answer got lost is sent again as it was, and the API counts each nonce
 * once; a check-in leaves the queue only once the API acknowledged its batch. Then the changes since the
 * last `serverTime` (revocations, other gates' first scans, this phone's conflicts) are pulled in.
 *
 * Pure of the browser: it is given a `fetch`-like function, the store and a clock, so that a test runs three
 * gates against a fake server or the real API. `SyncLoop` schedules it: on the `online` event, every 15 s,
 * after each scan, and after a failure with a growing delay.
 */
import {
  CHECK_IN_BATCH_MAX,
  type CheckInReceipt,
  type DoorChanges,
  type DoorConflict,
  type DoorPack,
} from '@guichet/contracts';
import { encodeCheckIns } from './check-in-form';
import type { CheckIn, DoorStore } from './store';
import { type PackTicket, packTicketOf } from './verify';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Why a sync stopped: the network (offline), the session (sign in again), or the server (try later). */
export type SyncFailure = 'offline' | 'signedOut' | 'unavailable' | 'refused';

export class DoorSyncError extends Error {
  constructor(
    readonly failure: SyncFailure,
    readonly status?: number,
  ) {
    super(`Synchronisation interrompue : ${failure}${status ? ` (${status})` : ''}`);
  }
}

export interface SyncOutcome {
  sent: number;
  recorded: number;
  alreadyHad: number;
  conflicts: DoorConflict[];
  revoked: number[];
  /** Tickets pulled in from `changes`, to merge into the page's index. */
  tickets: PackTicket[];
}

export interface DoorSyncOptions {
  fetch: FetchLike;
  store: DoorStore;
  /** The scope's key in the store (paths.ts scopeKey). */
  scope: string;
  /** The scan page's path: its resource routes are `${base}/paquet`, `/changements`, `/passages`. */
  base: string;
  deviceId: string;
  batchSize?: number;
}

async function call<T>(fetchLike: FetchLike, url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetchLike(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch {
    throw new DoorSyncError('offline');
  }
  if (response.status === 401) throw new DoorSyncError('signedOut', 401);
  if (response.status >= 500 || response.status === 429) throw new DoorSyncError('unavailable', response.status);
  if (!response.ok) throw new DoorSyncError('refused', response.status);
  try {
    return (await response.json()) as T;
  } catch {
    // An answer cut off on its way: as if none had come.
    throw new DoorSyncError('offline');
  }
}

export class DoorSync {
  private readonly batchSize: number;

  constructor(private readonly options: DoorSyncOptions) {
    this.batchSize = Math.min(options.batchSize ?? CHECK_IN_BATCH_MAX, CHECK_IN_BATCH_MAX);
  }

  /** Downloads the scope's pack and keeps it (replacing the previous one): the tickets as the API has them. */
  async downloadPack(organizerId: number): Promise<{ pack: DoorPack; tickets: PackTicket[] }> {
    const pack = await call<DoorPack>(this.options.fetch, `${this.options.base}/paquet`);
    const tickets = pack.tickets.map(packTicketOf);
    await this.options.store.savePack(this.options.scope, organizerId, pack, tickets);
    return { pack, tickets };
  }

  /** One batch of one gate (a phone whose gate changed sends each gate's check-ins under its name). */
  private async nextBatch(): Promise<CheckIn[]> {
    const oldest = await this.options.store.pending(this.options.scope, this.batchSize);
    const gate = oldest[0]?.gate;
    return oldest.filter((checkIn) => checkIn.gate === gate);
  }

  /** Sends the whole queue, batch after batch; throws DoorSyncError at the first batch that fails. */
  async sendQueue(outcome: SyncOutcome = emptyOutcome()): Promise<SyncOutcome> {
    const { store, scope } = this.options;
    for (;;) {
      const batch = await this.nextBatch();
      const gate = batch[0]?.gate;
      if (!gate) return outcome;
      const form = new URLSearchParams({
        deviceId: this.options.deviceId,
        gate,
        passages: encodeCheckIns(batch),
      });
      const receipt = await call<CheckInReceipt>(this.options.fetch, `${this.options.base}/passages`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      // Acknowledged (recorded now, or already had from a batch whose answer was lost): out of the queue.
      await store.acknowledge(batch.map((checkIn) => checkIn.nonce));
      await store.addConflicts(scope, receipt.conflicts);
      outcome.sent += batch.length;
      outcome.recorded += receipt.recorded;
      outcome.alreadyHad += receipt.alreadyHad;
      outcome.conflicts.push(...receipt.conflicts);
      outcome.revoked.push(...receipt.revoked);
    }
  }

  /** Revocations, other gates' scans and this phone's conflicts since the last `serverTime`. */
  async pullChanges(outcome: SyncOutcome = emptyOutcome()): Promise<SyncOutcome> {
    const { store, scope } = this.options;
    const meta = (await store.pack(scope))?.meta;
    if (!meta) return outcome;
    const query = new URLSearchParams({ since: meta.since, deviceId: this.options.deviceId });
    const changes = await call<DoorChanges>(this.options.fetch, `${this.options.base}/changements?${query}`);
    const tickets = changes.tickets.map(packTicketOf);
    await store.applyChanges(scope, tickets, changes.serverTime);
    await store.addConflicts(scope, changes.conflicts);
    outcome.tickets.push(...tickets);
    outcome.conflicts.push(...changes.conflicts);
    return outcome;
  }

  /** The queue sent, then the changes pulled. */
  async syncOnce(): Promise<SyncOutcome> {
    const outcome = await this.sendQueue();
    return this.pullChanges(outcome);
  }
}

export const emptyOutcome = (): SyncOutcome => ({
  sent: 0,
  recorded: 0,
  alreadyHad: 0,
  conflicts: [],
  revoked: [],
  tickets: [],
});

export const SYNC_INTERVAL_MS = 15_000;
const BACKOFF_MAX_MS = 60_000;

export interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

/**
 * When to sync: `kick()` (the `online` event, a scan made online, the page opening) and every 15 s; one
 * sync at a time (a kick during one runs another right after); after a failure, the next try waits 1 s,
 * 2 s, 4 s… up to a minute — the same queue, hence the same nonces, is sent again.
 */
export class SyncLoop {
  private running = false;
  private again = false;
  private failures = 0;
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly sync: Pick<DoorSync, 'syncOnce'>,
    private readonly report: (result: { outcome: SyncOutcome } | { error: DoorSyncError }) => void,
    private readonly timers: Timers = browserTimers,
    private readonly intervalMs = SYNC_INTERVAL_MS,
  ) {}

  /** The delay before the next try after `failures` failures in a row. */
  static backoff(failures: number): number {
    return Math.min(1000 * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer as never);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, ms);
  }

  async kick(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        try {
          const outcome = await this.sync.syncOnce();
          this.failures = 0;
          this.report({ outcome });
        } catch (error) {
          if (!(error instanceof DoorSyncError)) throw error;
          this.failures += 1;
          this.report({ error });
          // Signed out: waiting will not help; the page asks to sign in again, and kicks after.
          if (error.failure !== 'signedOut') this.schedule(SyncLoop.backoff(this.failures));
          return;
        }
      } while (this.again && !this.stopped);
      this.schedule(this.intervalMs);
    } finally {
      this.running = false;
    }
  }

  stop() {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer as never);
  }
}
