/** What runWorkers needs: see index.js. */
export type WorkersOptions = {
  /** Prefixes the primary's messages: `web`, `api`. */
  name: string;
  /** The environment variable in which each worker finds its index (1…count). */
  indexVariable: string;
  count: number;
  /** Starts the server, in this process when `count` is 1, else in each worker. */
  start: () => unknown;
  steadyAfterMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  stopTimeoutMs?: number;
};

export function workerCount(value: string | undefined, variable: string): number;
export function runWorkers(options: WorkersOptions): Promise<void>;
