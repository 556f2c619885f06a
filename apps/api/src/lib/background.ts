import { finished } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work done outside the request (sending an e-mail), so that a slow or unreachable mail server neither
 * delays nor fails it. Failures are logged; `idle()` waits for what is under way or waiting to start (the
 * app waits for it when it closes, tests to read what was sent).
 */
export type BackgroundTasks = {
  run(name: string, log: FastifyBaseLogger, work: () => Promise<void>): void;
  /**
   * `work` once the answer has left — the reply finished (or its connection closed), then one turn of the
   * event loop — never before: what it costs (a database write, rendering and sending a mail) can then
   * neither delay the answer nor, by its time, tell one case from another (POST /password/forgot).
   */
  afterAnswer(reply: FastifyReply, name: string, work: () => Promise<void>): void;
  idle(): Promise<void>;
};

/** The longest `afterAnswer` waits for an answer that never leaves before it starts its work anyway. */
const ANSWER_WAIT_MS = 30_000;

/**
 * Resolves once `reply` has been sent, or its connection closed without it (Node's `finished`, which also
 * answers at once for a reply already done), then one turn of the event loop; at the latest after
 * ANSWER_WAIT_MS.
 */
function answered(reply: FastifyReply): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ANSWER_WAIT_MS).unref();
    finished(reply.raw, () => {
      clearTimeout(timer);
      setImmediate(resolve);
    });
  });
}

export function createBackgroundTasks(): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  const run: BackgroundTasks['run'] = (name, log, work) => {
    const task = Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  };
  return {
    run,
    afterAnswer(reply, name, work) {
      const sent = answered(reply);
      run(name, reply.log, () => sent.then(work));
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
