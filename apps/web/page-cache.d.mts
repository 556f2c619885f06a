import type { RequestHandler } from 'express';

export function createPageCache(options?: {
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
  dataVersion?: () => string | null;
}): {
  middleware: RequestHandler;
  stats(): { pages: number; bytes: number };
  clear(): void;
};
