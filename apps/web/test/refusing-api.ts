/**
 * A real HTTP server standing in for the API that refuses every call with one answer, for the suite that
 * calls this at its top: `serverEnv.API_URL` points at it for the suite's tests, then back.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { serverEnv } from '../app/lib/server/env.server';

/** The API's refusal for too many attempts, with its delay. */
export const TOO_MANY = {
  statusCode: 429,
  code: 'RATE_LIMITED',
  message: 'Trop de tentatives en peu de temps. Réessayez dans 42 secondes.',
} as const;

/**
 * A real HTTP server standing in for the API for the suite that calls this at its top, answering with
 * `handle`: `serverEnv.API_URL` points at it for the suite's tests, then back.
 */
export function apiStandingIn(handle: RequestListener) {
  let server: Server;
  let apiUrl: string;
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = serverEnv.API_URL;
    serverEnv.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    serverEnv.API_URL = apiUrl;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

export function apiRefusingEveryCall(answer: { statusCode: number } = TOO_MANY, headers = { 'retry-after': '42' }) {
  apiStandingIn((_, response) => {
    response.writeHead(answer.statusCode, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(answer));
  });
}
