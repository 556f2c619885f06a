import { getHealth } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';

export default async function healthRoutes(app: AppInstance) {
  app.route({
    ...routeOf(getHealth),
    handler: async (request) => {
      try {
        await app.database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        throw new HttpError(503, 'La base de données ne répond pas.');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
}
