/**
 * The API as a Fastify plugin tree: external plugins, then our own (errors, OpenAPI), then the routes.
 * `buildApp` takes an opened database so tests and the server choose PGlite or PostgreSQL themselves.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from './db/client.js';
import type { ApiEnv } from './env.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import redirectRoutes from './routes/redirects/lookup.js';
import healthRoutes from './routes/system/health.js';

// Validation messages in French, for every schema of the API.
z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: ApiEnv;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type BuildOptions = {
  env: ApiEnv;
  database: DatabaseHandle;
  logger?: boolean;
};

export async function buildApp({ env, database, logger = true }: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger ? { level: env.LOG_LEVEL } : false,
    // A request id per request, reusing the web server's when it forwards one, so one visit can be followed in both logs.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('config', env);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, { global: true });
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(redirectRoutes);
  return app;
}
