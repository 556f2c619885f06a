/**
 * POST /dev/contest-games/draw — development and end-to-end tests only (outside production, from the
 * machine itself): runs the winners' draw now instead of waiting for the job.
 */
import { drawContestWinners } from '@guichet/contracts';
import { isLoopbackAddress } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { drawWinners, notifyWinners } from '../../services/contests/draw.js';

const devContestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });

  app.route({
    ...routeOf(drawContestWinners),
    handler: async (request) => {
      const winners = await drawWinners(app.database.db, new Date());
      await notifyWinners(app.mailer, app.config.SITE_URL, winners, request.log);
      return { drawnGames: new Set(winners.map((winner) => winner.gameId)).size, winners: winners.length };
    },
  });
};

export default devContestRoutes;
