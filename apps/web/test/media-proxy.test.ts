/**
 * The web's `/media/*` forwarding (media-proxy.mjs, docs/decisions/0059): a real API on loopback holding a
 * stored visual, and the forwarder on a server of its own, as site.mjs mounts it. The visitor gets the file
 * from the site's origin with the API's caching, a 404 for any other path, and a 502 or 504 when the API is
 * away or silent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadedVisual } from '@guichet/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeVisual } from '../../api/src/services/uploads/visuals';
import { mediaForwarder } from '../media-proxy.mjs';
import { realApi } from './real-api';

const uploads = mkdtempSync(join(tmpdir(), 'guichet-web-media-'));
const api = realApi({ env: { UPLOADS_DIR: uploads } });
const servers: Server[] = [];

async function listen(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The site's address: the forwarder pointed at the real API. */
let site = '';
let stored: Omit<UploadedVisual, 'id'>;

beforeAll(async () => {
  const apiUrl = `http://127.0.0.1:${(api.api().app.server.address() as AddressInfo).port}`;
  site = await listen(mediaForwarder({ apiUrl, timeoutMs: 2_000 }));
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  stored = await storeVisual(image, { directory: uploads, alt: 'Une affiche' });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(uploads, { recursive: true, force: true });
});

describe('/media/* on the site', () => {
  it('streams the stored file from the API, with its type and its year-long immutable caching', async () => {
    const variant = stored.variants[0];
    if (!variant) throw new Error('no variant');
    const response = await fetch(`${site}${variant.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(variant.bytes);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: variant.width });
    // Nothing of the API's own headers (its request id, its security policy) comes through.
    expect(response.headers.get('x-request-id')).toBeNull();
    expect(response.headers.get('content-security-policy')).toBeNull();

    const head = await fetch(`${site}${variant.url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(variant.bytes);
  });

  it('answers 404 for an unknown name, and never sends the API another path than one name', async () => {
    const unknown = await fetch(`${site}/media/0123456789abcdef-480.webp?v=2`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Image introuvable.');

    const asked: string[] = [];
    const recorder = await listen((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(404).end();
    });
    const guarded = await listen(mediaForwarder({ apiUrl: recorder }));
    for (const path of [
      '/media/..%2Fhealth',
      '/media/%2E%2E',
      '/media/.env',
      '/media/a%2Fb.webp',
      '/media/',
      '/health',
    ]) {
      const response = await fetch(`${guarded}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('Image introuvable.');
    }
    expect(asked).toEqual([]);
    await fetch(`${guarded}/media/0123456789abcdef-480.webp?x=../y`);
    expect(asked).toEqual(['/media/0123456789abcdef-480.webp']);
    expect((await fetch(`${site}/media/x.webp`, { method: 'POST' })).status).toBe(405);
  });

  it('answers 502 when the API cannot be reached, 504 when it does not answer in time', async () => {
    const closed = await listen(() => undefined);
    const closedUrl = closed;
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const away = await listen(mediaForwarder({ apiUrl: closedUrl, timeoutMs: 1_000 }));
    expect((await fetch(`${away}/media/0123456789abcdef-480.webp`)).status).toBe(502);

    const silentApi = await listen(() => undefined); // never answers
    const slow = await listen(mediaForwarder({ apiUrl: silentApi, timeoutMs: 200 }));
    const response = await fetch(`${slow}/media/0123456789abcdef-480.webp`);
    expect(response.status).toBe(504);
    expect(await response.text()).toBe('Image momentanément indisponible.');
  });
});
