import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer is sent (sending an e-mail), so that a slow or unreachable mail server
 * neither delays nor fails the request. Failures are logged; `idle()` waits for what is under way
 * (the app waits for it when it closes, tests to read what was sent).
 */
export type BackgroundTasks = {
  run(name: string, log: FastifyBaseLogger, work: () => Promise<void>): void;
  idle(): Promise<void>;
};

export function createBackgroundTasks(): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, log, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
