export const WORKER_INDEX_VARIABLE: 'GUICHET_WEB_WORKER';

export function workerCount(value: string | undefined): number;

export function runWorkers(options: {
  count: number;
  start: () => unknown;
  steadyAfterMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  stopTimeoutMs?: number;
}): Promise<void>;
