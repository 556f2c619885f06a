import { logout, REFRESH_RACED_MESSAGE, refreshSession, SESSION_EXPIRED_MESSAGE } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { endSession, rotateRefreshToken } from '../../services/auth/tokens.js';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(refreshSession),
    handler: async (request) => {
      const outcome = await rotateRefreshToken(app.database.db, app.config.JWT_SECRET, request.body.refreshToken);
      if (outcome.ok) return outcome.tokens;
      if (outcome.raced) throw new HttpError(409, 'REFRESH_TOKEN_JUST_USED', REFRESH_RACED_MESSAGE);
      if (outcome.reuse) request.log.warn('refresh token reused: its session is revoked');
      throw new HttpError(401, 'REFRESH_TOKEN_INVALID', SESSION_EXPIRED_MESSAGE);
    },
  });

  app.route({
    ...routeOf(logout),
    handler: async (request, reply) => {
      await endSession(app.database.db, request.body.refreshToken);
      return reply.code(204).send();
    },
  });
};

export default sessionRoutes;
