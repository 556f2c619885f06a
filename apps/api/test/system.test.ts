import { ERROR_CODES } from '@guichet/contracts';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { createTestApp, validationIssues } from './helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('GET /health', () => {
  it('answers 200 after checking the database', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers 503 in the error shape when the database is gone', async () => {
    const { app, disposeDatabase } = await createTestApp();
    await disposeDatabase();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'La base de données ne répond pas.',
    });
    await app.close();
  });

  it('answers every route 503 with Retry-After, never 500, while the database is gone', async () => {
    const { app, disposeDatabase } = await createTestApp();
    await disposeDatabase();
    for (const url of ['/ticketings', '/offers/home', '/contest-games', '/articles', '/redirects?path=/a']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe('5');
      expect(response.json(), url).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
      });
    }
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('lists the routes in /openapi.json', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/redirects']));
    expect(document.paths['/redirects'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'path', in: 'query', required: true })]),
    );
  });

  it('describes ErrorAnswer: the closed list of codes and the field issues', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const { ErrorAnswer, ErrorIssue } = document.components.schemas;
    expect(ErrorAnswer.required).toEqual(['statusCode', 'code', 'message']);
    expect(ErrorAnswer.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(ErrorAnswer.properties.issues).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/ErrorIssue' },
    });
    expect(ErrorIssue.required).toEqual(['path', 'code', 'message']);
    expect(document.paths['/login'].post.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorAnswer',
    });
  });

  it('defines every schema it refers to', async () => {
    const text = (await context.app.inject({ method: 'GET', url: '/openapi.json' })).body;
    const document = JSON.parse(text);
    const names = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of new Set(names)) expect(document.components.schemas, name).toHaveProperty([name as string]);
  });

  it('serves the viewer at /docs', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/nimportequoi?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Aucune route ne répond à GET /nimportequoi.',
    });
  });

  it('answers bad input with 400 VALIDATION_FAILED and the field, its rule and its French message', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects?path=sans-barre' });
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Certains paramètres de l’adresse sont invalides.',
      issues: [{ path: ['path'], code: 'regex', message: 'Le chemin doit commencer par « / ».' }],
    });
  });

  it('answers a missing parameter with 400, not 500', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects' });
    expect(validationIssues(response, 'querystring')).toEqual([expect.objectContaining({ path: ['path'] })]);
  });

  it('tells a refused path parameter from a refused query parameter', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/ticketings/abc' });
    expect(validationIssues(response, 'params')).toEqual([expect.objectContaining({ path: ['ticketingID'] })]);
  });
});

describe('error handling of request bodies', () => {
  async function appWithBodyRoute() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.post(
      '/echo',
      { schema: { body: z.object({ lines: z.array(z.object({ quantity: z.number().int().min(1) })) }) } },
      async (request) => request.body,
    );
    app.post('/boom', async () => {
      throw new Error('secret detail');
    });
    await app.ready();
    return app;
  }

  it('gives the path of an invalid body field, array indexes as numbers', async () => {
    const app = await appWithBodyRoute();
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { lines: [{ quantity: 1 }, { quantity: 0 }] },
    });
    expect(validationIssues(response, 'body')).toEqual([
      { path: ['lines', 1, 'quantity'], code: 'too_small', message: expect.stringMatching(/1/) },
    ]);
  });

  it.each([
    [
      'malformed JSON',
      'application/json',
      '{"oups',
      400,
      'BAD_REQUEST',
      "Le corps de la requête n'est pas un JSON valide.",
    ],
    [
      'a body that is not JSON',
      'application/xml',
      '<lines/>',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      "Ce type de contenu n'est pas accepté : envoyez du JSON.",
    ],
    [
      'a body over the limit',
      'application/json',
      JSON.stringify({ lines: [], padding: 'x'.repeat(1024 * 1024 + 1) }),
      413,
      'PAYLOAD_TOO_LARGE',
      'La requête est trop volumineuse.',
    ],
  ])(
    'answers %s with its status, code and French message',
    async (_, contentType, payload, statusCode, code, message) => {
      const app = await appWithBodyRoute();
      const response = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(statusCode);
      expect(response.json()).toEqual({ statusCode, code, message });
    },
  );

  it('hides the details of an unexpected failure', async () => {
    const app = await appWithBodyRoute();
    const response = await app.inject({ method: 'POST', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Une erreur est survenue. Réessayez plus tard.',
    });
    expect(response.body).not.toContain('secret detail');
  });
});
