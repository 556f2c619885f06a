/**
 * The version of the data public pages show (migration 0013): a sequence that statement triggers on the
 * catalogue, deal, Le Mag, contest and redirect tables move on. Caches of shared answers remember the version
 * they computed an answer under, and drop it as soon as the version is another one.
 *
 * Each process reads it every `pollMs` (writes of other processes, edits made straight in the database) and
 * again right after any write it serves itself, so its own buyers never see an answer older than their write.
 */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.js';

export async function readDataVersion(db: Database): Promise<string> {
  const [row] = await rowsOf<{ version: string | number }>(
    db,
    // is_called is false until the first nextval: the version is then 0, not the sequence's start value 1.
    sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS version FROM data_version_seq`,
  );
  return String(row?.version ?? 0);
}

export type DataVersionWatch = {
  /** The last version read; null before the first read, or after a read that failed (caches then keep nothing). */
  current(): string | null;
  /** Reads the version now: a read started after a write sees it. */
  refresh(): Promise<string | null>;
  stop(): void;
};

export function watchDataVersion(db: Database, { pollMs }: { pollMs: number }): DataVersionWatch {
  let version: string | null = null;
  const readOnce = async () => {
    try {
      const read = await readDataVersion(db);
      // Reads may finish out of order; the version only grows, so the greatest one is the newest.
      if (version === null || BigInt(read) > BigInt(version)) version = read;
    } catch {
      // An unreachable database: no answer can be trusted as current; the next read decides again.
      version = null;
    }
    return version;
  };
  // One read at a time. A caller arriving while one is under way gets the next one, started as soon as it
  // ends — never the one under way, which may have begun before the caller's write — and every caller
  // arriving meanwhile shares that next read: 500 checkouts at once cost a few reads, not 500
  // (bench/onsale.bench.ts).
  let current: Promise<string | null> | null = null;
  let queued: Promise<string | null> | null = null;
  const start = () => {
    const read = readOnce().finally(() => {
      if (current === read) current = null;
    });
    current = read;
    return read;
  };
  const refresh = (): Promise<string | null> => {
    if (!current) return start();
    if (!queued) {
      queued = current.then(() => {
        queued = null;
        return start();
      });
    }
    return queued;
  };
  const timer = setInterval(refresh, pollMs);
  timer.unref();
  void refresh();
  return { current: () => version, refresh, stop: () => clearInterval(timer) };
}
