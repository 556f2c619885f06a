import { listAuditLog } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { listAudit } from '../../services/admin/audit.js';

/** The audit log, for administrators (the guard is the back office's: routes/admin/index.ts). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.route({
    ...routeOf(listAuditLog),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listAudit(db, request.query)), page, pageSize };
    },
  });
};

export default auditRoutes;
