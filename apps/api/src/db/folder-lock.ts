/**
 * One process at a time in a PGlite folder. PGlite is PostgreSQL compiled to WebAssembly, running inside
 * the process that opened it: two processes writing the same files would corrupt them, and nothing in PGlite
 * stops the second. So the folder carries a lock file naming the process that holds it; a second process
 * (or a second opening in the same process) stops at once with a French message. A lock left by a process
 * that no longer runs (killed, crashed) is taken over.
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'guichet.lock';

export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
  ) {
    super(
      `La base embarquée (${dataDir}) est déjà ouverte par un autre processus (PID ${holder}). ` +
        'Un seul processus peut l’ouvrir : arrêtez l’autre (une autre fenêtre où tourne « npm start » ?), ' +
        'ou faites tourner plusieurs processus sur un serveur PostgreSQL (DATABASE_URL). ' +
        `Si aucun autre processus ne l’utilise, supprimez le fichier ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

export type FolderLock = { release(): void };

/** The folders this process holds: a lock naming our own id is either one of them or left by a past run. */
const held = new Set<string>();

/** Whether a process with this id runs (signal 0 tests without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock, or throws DatabaseLockedError naming the process that holds it. */
export function lockFolder(dataDir: string): FolderLock {
  const path = resolve(dataDir, LOCK_FILE);
  // Twice at most: a stale lock is removed, then created anew — by us or by a process racing us, who wins.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Written aside, then linked to its name: the link is made only if the name is free, atomically, and
      // the lock is never seen empty (a racing process could take an empty one for a stale one).
      const draft = `${path}.${process.pid}`;
      writeFileSync(draft, String(process.pid));
      try {
        linkSync(draft, path);
      } finally {
        unlinkSync(draft);
      }
      held.add(path);
      return {
        release() {
          if (!held.delete(path)) return;
          if (holderOf(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(path);
      // A second opening in this process, or another process still running: refused. (Our own id on a lock
      // we do not hold is a past run's: a container restarts its server under the same id.)
      if (held.has(path) || (holder !== null && holder !== process.pid && isRunning(holder)))
        throw new DatabaseLockedError(dataDir, holder ?? process.pid);
      // Left by a process that ended, or unreadable (written half-way): stale.
      try {
        unlinkSync(path);
      } catch {}
    }
  }
  const holder = holderOf(path);
  throw new DatabaseLockedError(dataDir, holder ?? 0);
}
