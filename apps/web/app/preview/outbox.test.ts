import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireLocalVisitor } from './local-only.server';
import { loader as listLoader } from './outbox.route';
import { loader as messageLoader } from './outbox-message.route';

/** A request as server.mjs hands it to the app: the visitor's address in its own header. */
const from = (address: string | null, path = '/outbox') =>
  new Request(`http://localhost:3000${path}`, {
    headers: address === null ? {} : { 'x-guichet-client-address': address },
  });

const notFound = { init: { status: 404 } };

const loaders = [
  ['/outbox', (request: Request) => listLoader({ request, params: {}, context: {} } as never)],
  [
    '/outbox/:messageId',
    (request: Request) => messageLoader({ request, params: { messageId: '20261122-abc' }, context: {} } as never),
  ],
] as const;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the outbox pages', () => {
  // Refused before the API is asked anything: no API runs in these tests.
  it.each(loaders)('%s answers 404 to a visitor from another machine, or of unknown address', async (_, loader) => {
    for (const address of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.4', 'fe80::1', '', null]) {
      await expect(loader(from(address)), String(address)).rejects.toMatchObject(notFound);
    }
  });

  it.each(loaders)('%s answers 404 in production, even to the machine itself', async (_, loader) => {
    vi.stubEnv('NODE_ENV', 'production');
    await expect(loader(from('127.0.0.1'))).rejects.toMatchObject(notFound);
  });

  it('are for the machine itself outside production', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(() => requireLocalVisitor(from(address)), address).not.toThrow();
    }
    expect(() => requireLocalVisitor(from('203.0.113.7'))).toThrow();
  });
});
