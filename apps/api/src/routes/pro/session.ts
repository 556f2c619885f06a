import {
  getProMe,
  proLogin,
  proLogout,
  proRefreshSession,
  REFRESH_RACED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticatePro, unauthenticated } from '../../plugins/auth.js';
import { findUser } from '../../services/auth/accounts.js';
import { logIn } from '../../services/auth/credentials.js';
import { endSession, rotateRefreshToken } from '../../services/auth/tokens.js';
import { organizersOf } from '../../services/pro/memberships.js';

/** The pro site's session: the public site's login, refresh and logout, for the PRO audience. */
const proSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(proLogin),
    handler: async (request) => logIn(app.database.db, app.config.JWT_SECRET, request.body, request.ip, 'PRO'),
  });

  app.route({
    ...routeOf(proRefreshSession),
    handler: async (request) => {
      const { db } = app.database;
      const outcome = await rotateRefreshToken(db, app.config.JWT_SECRET, request.body.refreshToken, 'PRO');
      if (outcome.ok) return outcome.tokens;
      if (outcome.raced) throw new HttpError(409, 'REFRESH_TOKEN_JUST_USED', REFRESH_RACED_MESSAGE);
      if (outcome.reuse) request.log.warn('pro refresh token reused: its session is revoked');
      throw new HttpError(401, 'REFRESH_TOKEN_INVALID', SESSION_EXPIRED_MESSAGE);
    },
  });

  app.route({
    ...routeOf(proLogout),
    handler: async (request, reply) => {
      await endSession(app.database.db, request.body.refreshToken, 'PRO');
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(getProMe),
    handler: async (request) => {
      const caller = await authenticatePro(request);
      const [user, organizers] = await Promise.all([
        findUser(app.database.db, caller.id),
        organizersOf(app.database.db, caller.id),
      ]);
      if (!user) throw unauthenticated();
      const { id, firstname, lastname, email, platformAdmin } = user;
      return { user: { id, firstname, lastname, email, platformAdmin }, organizers };
    },
  });
};

export default proSessionRoutes;
