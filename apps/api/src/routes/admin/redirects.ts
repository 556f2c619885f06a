import {
  createAdminRedirect,
  deleteAdminRedirect,
  getAdminRedirect,
  listAdminRedirects,
  tryAdminRedirectPath,
  updateAdminRedirect,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import * as service from '../../services/admin/redirects.js';
import { editorOf } from './editor.js';

/** The back office's redirects (issue 27); the guard is the back office's (routes/admin/index.ts). */
const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(listAdminRedirects),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await service.listAdminRedirects(db, request.query)), page, pageSize };
    },
  });

  app.route({
    ...routeOf(tryAdminRedirectPath),
    handler: async (request) => service.tryRedirectPath(db, request.query.path),
  });

  app.route({
    ...routeOf(getAdminRedirect),
    handler: async (request) => service.getAdminRedirect(db, request.params.redirectId),
  });

  app.route({
    ...routeOf(createAdminRedirect),
    handler: async (request, reply) => {
      const created = await service.createAdminRedirect(db, editorOf(request), request.body);
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...routeOf(updateAdminRedirect),
    handler: async (request) =>
      service.updateAdminRedirect(db, editorOf(request), request.params.redirectId, request.body),
  });

  app.route({
    ...routeOf(deleteAdminRedirect),
    handler: async (request, reply) => {
      await service.deleteAdminRedirect(db, editorOf(request), request.params.redirectId);
      return reply.code(204).send();
    },
  });
};

export default redirectRoutes;
