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

/** Resolves once `reply` has been sent, or its connection closed without it, and the event loop turned. */
function answered(reply: FastifyReply): Promise<void> {
  const raw = reply.raw;
  return new Promise<void>((resolve) => {
    const after = () => setImmediate(resolve);
    if (raw.writableFinished || raw.destroyed) return after();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      after();
    };
    raw.once('finish', once);
    raw.once('close', once);
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
