// Several processes of one server on one port: the API's API_WORKERS and the web's WEB_WORKERS. With more
// than one, this process is the Node cluster's primary — it serves nothing itself, forks that many processes
// that share the port (the primary hands them the connections in turn), replaces one that dies, and on SIGTERM
// or SIGINT passes the signal on and exits once they are all gone. Plain JavaScript: the web's server.mjs runs
// it without a build; the API's build bundles it.
import cluster from 'node:cluster';

/**
 * A count of processes read from the environment: absent or empty is 1; anything but a whole number from 1 to
 * 64 stops the start with a message naming the variable (a typo must not silently run one process, nor a
 * thousand).
 * @param {string | undefined} value
 * @param {string} variable
 */
export function workerCount(value, variable) {
  if (value === undefined || value.trim() === '') return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error(`${variable} doit être un nombre entier de 1 à 64 (reçu : « ${value} »).`);
  return count;
}

/**
 * Runs `start` (which starts the server) in this process when `count` is 1 — and in each worker of the
 * cluster — else makes this process the cluster's primary.
 *
 * A worker that dies is replaced at once if it had run `steadyAfterMs` at least; one that dies sooner (a
 * start that fails: a port taken, a build missing) is replaced after a delay that doubles each time, from
 * `firstRetryMs` up to `maxRetryMs`, so that a broken start does not fork in a tight loop.
 * On SIGTERM or SIGINT the primary sends SIGTERM to every worker (each closes its server and finishes what
 * it was answering) and exits once all have exited, or after `stopTimeoutMs` having killed the rest.
 * `name` prefixes the primary's messages (`[web]`, `[api]`); each worker finds its index (1…count) in the
 * environment variable `indexVariable` (1 when the server runs alone).
 * @param {import('./index.d.ts').WorkersOptions} options
 */
export async function runWorkers({
  name,
  indexVariable,
  count,
  start,
  steadyAfterMs = 10_000,
  firstRetryMs = 1_000,
  maxRetryMs = 30_000,
  stopTimeoutMs = 15_000,
}) {
  if (count <= 1 || cluster.isWorker) {
    await start();
    return;
  }

  let stopping = false;
  /** @type {Map<number, { retryMs: number, forkedAt: number }>} Per process index: when its current worker was forked, and the delay before replacing a failed start. */
  const slots = new Map();
  /** @type {Map<number, number>} Worker id → process index. */
  const indexOf = new Map();
  /** @type {Set<NodeJS.Timeout>} */
  const pendingForks = new Set();

  /** @param {number} index */
  const fork = (index) => {
    const worker = cluster.fork({ [indexVariable]: String(index) });
    indexOf.set(worker.id, index);
    const slot = slots.get(index) ?? { retryMs: firstRetryMs, forkedAt: 0 };
    slot.forkedAt = Date.now();
    slots.set(index, slot);
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker.id) ?? 1;
    indexOf.delete(worker.id);
    if (stopping) return;
    const slot = slots.get(index) ?? { retryMs: firstRetryMs, forkedAt: 0 };
    const steady = Date.now() - slot.forkedAt >= steadyAfterMs;
    const delay = steady ? 0 : slot.retryMs;
    slot.retryMs = steady ? firstRetryMs : Math.min(slot.retryMs * 2, maxRetryMs);
    const how = signal ?? `code ${code}`;
    console.error(
      delay === 0
        ? `[${name}] processus ${index} arrêté (${how}) : il est remplacé.`
        : `[${name}] processus ${index} arrêté peu après son départ (${how}) : il est remplacé dans ${delay / 1000} s.`,
    );
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (!stopping) fork(index);
    }, delay);
    pendingForks.add(timer);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingForks) clearTimeout(timer);
    pendingForks.clear();
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(0);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
    // A worker that does not stop (a request that never ends) does not keep the primary for ever.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, stopTimeoutMs).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  for (let index = 1; index <= count; index++) fork(index);
  console.log(`[${name}] ${count} processus se partagent le port.`);
}
