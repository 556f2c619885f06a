import { login } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { logIn } from '../../services/auth/credentials.js';

const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(login),
    handler: async (request) => logIn(app.database.db, app.config.JWT_SECRET, request.body, request.ip),
  });
};

export default loginRoutes;
