/**
 * The web's reading of the API's data version (data-version.mjs), against a real HTTP server on loopback that
 * answers as GET /data-version does, then fails as an API out of reach would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchDataVersion } from '../data-version.mjs';

let version = '41';
let answering = true;
let server: Server;
let apiUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!answering || request.url !== '/data-version') {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version }));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the data version as the web reads it', () => {
  it('follows the API, and keeps the last version read while the API cannot answer', async () => {
    const watch = watchDataVersion({ apiUrl, intervalMs: 60_000 });
    try {
      expect(watch.current()).toBeNull();
      expect(await watch.read()).toBe('41');
      version = '42';
      expect(await watch.read()).toBe('42');
      answering = false;
      expect(await watch.read()).toBe('42');
      expect(watch.current()).toBe('42');
    } finally {
      watch.stop();
      answering = true;
    }
  });

  it('reads it again by itself every interval', async () => {
    const watch = watchDataVersion({ apiUrl, intervalMs: 50 });
    try {
      version = '50';
      await expect.poll(() => watch.current()).toBe('50');
      version = '51';
      await expect.poll(() => watch.current()).toBe('51');
    } finally {
      watch.stop();
    }
  });
});
