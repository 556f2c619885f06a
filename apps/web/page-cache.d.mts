import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

export function acceptsGzip(header: string | undefined): boolean;

export function createPageCache(options?: {
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
  dataVersion?: () => string | null;
}): {
  handle(request: IncomingMessage, response: ServerResponse, render: () => void): void;
  middleware: RequestHandler;
  stats(): { pages: number; bytes: number };
  clear(): void;
};
