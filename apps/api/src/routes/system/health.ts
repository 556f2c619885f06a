import { getHealth } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getHealth),
    handler: async (request) => {
      try {
        await app.database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'La base de données ne répond pas.');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
};

export default healthRoutes;
