/**
 * What a scanning phone keeps (IndexedDB `guichet-controle`, through idb): per scope its pack (keys,
 * products, summary, the `serverTime` to ask changes since) and tickets, the scans it made (by nonce), the
 * queue of check-ins the API has not acknowledged yet, the conflicts it was told of, and its settings (the
 * gate's name, a device id drawn once). A reload offline finds all of it; nothing leaves the queue before
 * the API said it has it.
 */
import type { DoorConflict, DoorPack, DoorScopeSummary } from '@guichet/contracts';
import type { DoorVerdictCode } from '@guichet/domain/door';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { PackTicket } from './verify';

export const DOOR_DB_NAME = 'guichet-controle';
/** Attendees' names stay on a phone until two days after the event (or the offer's end), no longer. */
export const KEPT_AFTER_END_MS = 2 * 24 * 60 * 60 * 1000;
export const DEFAULT_GATE = 'A';

export interface StoredPack {
  /** `TICKET:12` or `VOUCHER:7` (paths.ts scopeKey). */
  scope: string;
  organizerId: number;
  summary: DoorScopeSummary;
  keys: DoorPack['keys'];
  products: DoorPack['products'];
  /** The `serverTime` of the last pack or changes: the next `since`. */
  since: string;
  savedAt: string;
}

export interface StoredTicket extends PackTicket {
  scope: string;
}

/** A check-in made on this phone, green or red, kept to say « déjà scanné » offline and for the queue. */
export interface CheckIn {
  nonce: string;
  scope: string;
  ticketId: number;
  scannedAt: string;
  gate: string;
  localVerdict: DoorVerdictCode;
}

export interface StoredConflict {
  /** `<ticketId>:<nonce of the losing scan>`: the same conflict told twice is kept once. */
  id: string;
  scope: string;
  conflict: DoorConflict;
}

interface DoorDb extends DBSchema {
  packs: { key: string; value: StoredPack };
  tickets: { key: [string, number]; value: StoredTicket; indexes: { byScope: string } };
  scans: { key: string; value: CheckIn; indexes: { byScope: string } };
  pending: { key: string; value: CheckIn; indexes: { byScopeTime: [string, string] } };
  conflicts: { key: string; value: StoredConflict; indexes: { byScope: string } };
  settings: { key: string; value: string };
}

export class DoorStore {
  private constructor(private readonly db: IDBPDatabase<DoorDb>) {}

  /** Opens (or creates) the phone's database; a test gives each gate a name of its own. */
  static async open(name = DOOR_DB_NAME): Promise<DoorStore> {
    const db = await openDB<DoorDb>(name, 1, {
      upgrade(db) {
        db.createObjectStore('packs', { keyPath: 'scope' });
        db.createObjectStore('tickets', { keyPath: ['scope', 'id'] }).createIndex('byScope', 'scope');
        db.createObjectStore('scans', { keyPath: 'nonce' }).createIndex('byScope', 'scope');
        db.createObjectStore('pending', { keyPath: 'nonce' }).createIndex('byScopeTime', ['scope', 'scannedAt']);
        db.createObjectStore('conflicts', { keyPath: 'id' }).createIndex('byScope', 'scope');
        db.createObjectStore('settings');
      },
    });
    return new DoorStore(db);
  }

  close() {
    this.db.close();
  }

  async setting(name: 'gate' | 'deviceId'): Promise<string | undefined> {
    return this.db.get('settings', name);
  }

  async setGate(gate: string) {
    await this.db.put('settings', gate, 'gate');
  }

  async gate(): Promise<string> {
    return (await this.setting('gate')) ?? DEFAULT_GATE;
  }

  /** The phone's id, drawn at its first use and kept: the API tells conflicts to the devices concerned. */
  async deviceId(): Promise<string> {
    const tx = this.db.transaction('settings', 'readwrite');
    const known = await tx.store.get('deviceId');
    if (known) {
      await tx.done;
      return known;
    }
    const drawn = crypto.randomUUID();
    await tx.store.put(drawn, 'deviceId');
    await tx.done;
    return drawn;
  }

  /** A fresh pack replaces the scope's tickets (revocations and scans of the API included); local scans stay. */
  async savePack(scope: string, organizerId: number, pack: DoorPack, tickets: PackTicket[]) {
    const tx = this.db.transaction(['packs', 'tickets'], 'readwrite');
    const ticketStore = tx.objectStore('tickets');
    const writes: Promise<unknown>[] = [
      tx.objectStore('packs').put({
        scope,
        organizerId,
        summary: pack.scope,
        keys: pack.keys,
        products: pack.products,
        since: pack.serverTime,
        savedAt: new Date().toISOString(),
      }),
    ];
    let cursor = await ticketStore.index('byScope').openCursor(scope);
    while (cursor) {
      writes.push(cursor.delete());
      cursor = await cursor.continue();
    }
    for (const ticket of tickets) writes.push(ticketStore.put({ ...ticket, scope }));
    await Promise.all([...writes, tx.done]);
  }

  async pack(scope: string): Promise<{ meta: StoredPack; tickets: StoredTicket[] } | null> {
    const meta = await this.db.get('packs', scope);
    if (!meta) return null;
    const tickets = await this.db.getAllFromIndex('tickets', 'byScope', scope);
    return { meta, tickets };
  }

  /** Changes pulled from the API: the tickets in their current state, and the next `since`. */
  async applyChanges(scope: string, tickets: PackTicket[], since: string) {
    const tx = this.db.transaction(['packs', 'tickets'], 'readwrite');
    const meta = await tx.objectStore('packs').get(scope);
    const writes: Promise<unknown>[] = tickets.map((ticket) => tx.objectStore('tickets').put({ ...ticket, scope }));
    if (meta) writes.push(tx.objectStore('packs').put({ ...meta, since }));
    await Promise.all([...writes, tx.done]);
  }

  /** A scan made here: kept, and queued for the API, in one transaction (never one without the other). */
  async recordCheckIn(checkIn: CheckIn) {
    const tx = this.db.transaction(['scans', 'pending'], 'readwrite');
    await Promise.all([tx.objectStore('scans').put(checkIn), tx.objectStore('pending').put(checkIn), tx.done]);
  }

  async scans(scope: string): Promise<CheckIn[]> {
    return this.db.getAllFromIndex('scans', 'byScope', scope);
  }

  /** The oldest check-ins still to send, at most `limit`. */
  async pending(scope: string, limit: number): Promise<CheckIn[]> {
    const range = IDBKeyRange.bound([scope, ''], [scope, '\uffff']);
    return this.db.getAllFromIndex('pending', 'byScopeTime', range, limit);
  }

  async pendingCount(scope: string): Promise<number> {
    return this.db.countFromIndex('pending', 'byScopeTime', IDBKeyRange.bound([scope, ''], [scope, '\uffff']));
  }

  /** The API acknowledged these check-ins (recorded now or before): they leave the queue, and only then. */
  async acknowledge(nonces: string[]) {
    const tx = this.db.transaction('pending', 'readwrite');
    await Promise.all([...nonces.map((nonce) => tx.store.delete(nonce)), tx.done]);
  }

  async addConflicts(scope: string, conflicts: DoorConflict[]) {
    if (conflicts.length === 0) return;
    const tx = this.db.transaction('conflicts', 'readwrite');
    await Promise.all([
      ...conflicts.map((conflict) =>
        tx.store.put({ id: `${conflict.ticketId}:${conflict.other.nonce}`, scope, conflict }),
      ),
      tx.done,
    ]);
  }

  /**
   * Forgets the scopes that ended more than two days ago — their tickets (holders' names), scans and
   * conflicts — unless check-ins of theirs still wait to be sent: those are never dropped.
   */
  async forgetEnded(now = new Date()): Promise<string[]> {
    const forgotten: string[] = [];
    for (const meta of await this.db.getAll('packs')) {
      if (new Date(meta.summary.endsAt).getTime() + KEPT_AFTER_END_MS > now.getTime()) continue;
      if ((await this.pendingCount(meta.scope)) > 0) continue;
      const tx = this.db.transaction(['packs', 'tickets', 'scans', 'conflicts'], 'readwrite');
      const deletions: Promise<unknown>[] = [tx.objectStore('packs').delete(meta.scope)];
      for (const name of ['tickets', 'scans', 'conflicts'] as const) {
        let cursor = await tx.objectStore(name).index('byScope').openCursor(meta.scope);
        while (cursor) {
          deletions.push(cursor.delete());
          cursor = await cursor.continue();
        }
      }
      await Promise.all([...deletions, tx.done]);
      forgotten.push(meta.scope);
    }
    return forgotten;
  }

  async conflicts(scope: string): Promise<DoorConflict[]> {
    return (await this.db.getAllFromIndex('conflicts', 'byScope', scope)).map((row) => row.conflict);
  }
}
