import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { createTestApp } from './helpers.js';

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
      error: 'Service Unavailable',
      message: 'La base de données ne répond pas.',
    });
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
      error: 'Not Found',
      message: 'Aucune route ne répond à GET /nimportequoi.',
    });
  });

  it('answers bad input with 400 and a French message naming the field', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects?path=sans-barre' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toBe('Paramètre « path » : Le chemin doit commencer par « / ».');
  });

  it('answers a missing parameter with 400, not 500', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/redirects' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Paramètre « path » : /);
  });
});

describe('error handling of request bodies', () => {
  async function appWithBodyRoute() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.post(
      '/echo',
      { schema: { body: z.object({ quantity: z.number().int().min(1) }) } },
      async (request) => request.body,
    );
    app.post('/boom', async () => {
      throw new Error('secret detail');
    });
    await app.ready();
    return app;
  }

  it('answers malformed JSON with 400 and a French message', async () => {
    const app = await appWithBodyRoute();
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"oups',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "Le corps de la requête n'est pas un JSON valide.",
    });
  });

  it('names the invalid body field', async () => {
    const app = await appWithBodyRoute();
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { quantity: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Corps de la requête « quantity » : /);
  });

  it('hides the details of an unexpected failure', async () => {
    const app = await appWithBodyRoute();
    const response = await app.inject({ method: 'POST', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Une erreur est survenue. Réessayez plus tard.',
    });
    expect(response.body).not.toContain('secret detail');
  });
});
