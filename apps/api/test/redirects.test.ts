import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirects } from '../src/db/schema.js';
import { createTestApp } from './helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp();
  await context.database.db.insert(redirects).values([
    { source: '/evenement/festival-jazz-2025', target: '/billetterie/festival-jazz-12', kind: 'PERMANENT' },
    { source: '/aide', target: 'https://support.guichet.example/', kind: 'TEMPORARY' },
  ]);
});
afterAll(async () => {
  await context.close();
});

describe('GET /redirects', () => {
  it('finds a redirect by path, ignoring a trailing slash', async () => {
    for (const path of ['/evenement/festival-jazz-2025', '/evenement/festival-jazz-2025/']) {
      const response = await context.app.inject({ method: 'GET', url: '/redirects', query: { path } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        source: '/evenement/festival-jazz-2025',
        target: '/billetterie/festival-jazz-12',
        permanent: true,
      });
    }
  });

  it('gives absolute targets as they are', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects', query: { path: '/aide' } });
    expect(response.json()).toMatchObject({ target: 'https://support.guichet.example/', permanent: false });
  });

  it('gives the whole table, for the web server to keep', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects/table' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      redirects: [
        { source: '/aide', target: 'https://support.guichet.example/', permanent: false },
        { source: '/evenement/festival-jazz-2025', target: '/billetterie/festival-jazz-12', permanent: true },
      ],
    });
  });

  it('answers 404 when the path has no redirect', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects', query: { path: '/billetteries' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Aucune redirection pour ce chemin.',
    });
  });
});
