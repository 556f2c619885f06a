import type { IncomingMessage, ServerResponse } from 'node:http';

export const MEDIA_PREFIX: '/media/';
export function isMediaRequest(url: string | undefined): boolean;
export function mediaForwarder(options: {
  apiUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
