/**
 * One scope's control on this phone, the scan page's engine: the pack from IndexedDB at once (a reload
 * offline works), a fresh one when the network allows, the codes checked against it, each check-in kept and
 * queued in one transaction, and the sync loop sending the queue and pulling changes.
 */
import type { DoorScope } from '@guichet/domain/door';
import { scopeKey } from './paths';
import { DoorStore } from './store';
import { DoorSync, DoorSyncError, type FetchLike, type SyncFailure, SyncLoop, type SyncOutcome } from './sync';
import { type CodeCheck, checkCode, DoorIndex, Keyring, type PackTicket } from './verify';

export interface DoorCounters {
  admitted: number;
  total: number;
  pending: number;
  conflicts: number;
}

export interface DoorState {
  ready: boolean;
  counters: DoorCounters;
  /** The last sync's failure, null once one went through. */
  failure: SyncFailure | null;
  title: string | null;
}

export class DoorSession {
  index: DoorIndex | null = null;
  private readonly sync: DoorSync;
  readonly loop: SyncLoop;
  private failure: SyncFailure | null = null;
  private title: string | null = null;

  private constructor(
    readonly store: DoorStore,
    readonly scope: DoorScope,
    private readonly organizerId: number,
    readonly deviceId: string,
    public gate: string,
    fetchLike: FetchLike,
    base: string,
    private readonly notify: (state: DoorState) => void,
  ) {
    this.sync = new DoorSync({ fetch: fetchLike, store, scope: scopeKey(scope), base, deviceId });
    this.loop = new SyncLoop({ syncOnce: () => this.syncOnce() }, (result) => {
      this.failure = 'error' in result ? result.error.failure : null;
      void this.publish();
    });
  }

  /** The queue sent and the changes pulled, merged into the index (revocations, other gates' scans). */
  async syncOnce(): Promise<SyncOutcome> {
    const outcome = await this.sync.syncOnce();
    for (const ticket of outcome.tickets) this.index?.put(ticket);
    return outcome;
  }

  static async open(options: {
    scope: DoorScope;
    organizerId: number;
    base: string;
    fetch: FetchLike;
    notify: (state: DoorState) => void;
    /** The phone's database (a test gives each gate its own). */
    databaseName?: string;
  }): Promise<DoorSession> {
    const store = await DoorStore.open(options.databaseName);
    await store.forgetEnded();
    const session = new DoorSession(
      store,
      options.scope,
      options.organizerId,
      await store.deviceId(),
      await store.gate(),
      options.fetch,
      options.base,
      options.notify,
    );
    await session.loadStored();
    return session;
  }

  private key() {
    return scopeKey(this.scope);
  }

  /** The index from what the phone keeps: the pack's tickets, then this phone's own valid scans on top. */
  private async build(
    keys: Parameters<typeof Keyring.of>[0],
    products: { id: number; title: string }[],
    tickets: PackTicket[],
  ) {
    const index = new DoorIndex(this.scope, await Keyring.of(keys), tickets, products);
    for (const scan of await this.store.scans(this.key())) {
      if (scan.localVerdict === 'VALID') index.admitted(scan.ticketId, scan);
    }
    this.index = index;
  }

  private async loadStored() {
    const stored = await this.store.pack(this.key());
    if (!stored) return;
    this.title = stored.meta.summary.title;
    await this.build(stored.meta.keys, stored.meta.products, stored.tickets);
  }

  /** A fresh pack from the API; kept only when it came (offline, the stored one goes on). */
  async refreshPack(): Promise<void> {
    try {
      const { pack, tickets } = await this.sync.downloadPack(this.organizerId);
      this.title = pack.scope.title;
      await this.build(pack.keys, pack.products, tickets);
      this.failure = null;
    } catch (error) {
      if (!(error instanceof DoorSyncError)) throw error;
      this.failure = error.failure;
    }
    await this.publish();
  }

  async setGate(gate: string) {
    this.gate = gate;
    await this.store.setGate(gate);
  }

  /** Checks a code, keeps the check-in (with a nonce drawn now) and queues it; a valid one counts as entered. */
  async check(text: string, now = new Date()): Promise<CodeCheck> {
    if (!this.index) throw new Error('pack not loaded');
    const check = await checkCode(text, this.index);
    if (check.ticketId !== null) {
      const scannedAt = now.toISOString();
      await this.store.recordCheckIn({
        nonce: crypto.randomUUID(),
        scope: this.key(),
        ticketId: check.ticketId,
        scannedAt,
        gate: this.gate,
        localVerdict: check.verdict.verdict,
      });
      if (check.verdict.verdict === 'VALID') this.index.admitted(check.ticketId, { scannedAt, gate: this.gate });
    }
    await this.publish();
    return check;
  }

  async publish() {
    const counts = this.index?.counts() ?? { admitted: 0, total: 0 };
    const [pending, conflicts] = await Promise.all([
      this.store.pendingCount(this.key()),
      this.store.conflicts(this.key()),
    ]);
    this.notify({
      ready: this.index !== null,
      counters: { ...counts, pending, conflicts: conflicts.length },
      failure: this.failure,
      title: this.title,
    });
  }

  close() {
    this.loop.stop();
    this.store.close();
  }
}
