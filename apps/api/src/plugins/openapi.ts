import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is derived from the routes' Zod schemas; served at /openapi.json, viewed at /docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API Guichet',
        description: 'Billetteries, bons plans, jeux-concours, comptes, paniers et commandes.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with a `meta({ id })` (ErrorAnswer, ErrorIssue…) are referenced by the routes: this writes
    // them into components.schemas, without which those references would point nowhere.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
