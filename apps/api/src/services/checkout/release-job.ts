/**
 * Runs `releaseExpiredHolds` every minute in the API process. Several API processes may each run it: the
 * job is idempotent and safe concurrently. Within one process a run never overlaps the previous one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { releaseExpiredHolds } from './holds.js';

export const RELEASE_INTERVAL_MS = 60_000;

export function startHoldReleaser(db: Database, log: FastifyBaseLogger, intervalMs = RELEASE_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = releaseExpiredHolds(db)
      .then((report) => {
        if (report.releasedHolds > 0 || report.expiredOrders > 0) log.info(report, 'réservations expirées libérées');
      })
      .catch((error: unknown) => log.error({ err: error }, 'libération des réservations expirées impossible'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // Never what keeps the process alive: the server is.
  timer.unref();
  return {
    /** Stops the timer and waits for a run under way, before the database closes. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
