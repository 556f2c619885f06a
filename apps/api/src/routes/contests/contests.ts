/** The contest games (jeux-concours): list, one game, ranking, participation. */
import {
  CONTEST_NOT_FOUND_MESSAGE,
  getContestGame,
  getContestRanking,
  listContestGames,
  participateInContest,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { authenticate, optionalUser } from '../../plugins/auth.js';
import {
  contestRanking,
  findContestGame,
  listContestGames as findContestGames,
  participate,
} from '../../services/contests/contests.js';

const contestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(listContestGames),
    handler: async () => ({ items: await findContestGames(db, new Date()) }),
  });

  app.route({
    ...routeOf(getContestGame),
    handler: async (request) => {
      const user = await optionalUser(request);
      const game = await findContestGame(db, request.params.id, user?.id ?? null, new Date());
      if (!game) throw notFound(CONTEST_NOT_FOUND_MESSAGE);
      return game;
    },
  });

  app.route({
    ...routeOf(getContestRanking),
    handler: async (request) => {
      const user = await optionalUser(request);
      const ranking = await contestRanking(db, request.params.id, request.query.page, user?.id ?? null, new Date());
      if (!ranking) throw notFound(CONTEST_NOT_FOUND_MESSAGE);
      return ranking;
    },
  });

  app.route({
    ...routeOf(participateInContest),
    handler: async (request, reply) => {
      const user = await authenticate(request);
      const participation = await participate(db, request.params.id, user.id, request.body, new Date());
      if (!participation) throw notFound(CONTEST_NOT_FOUND_MESSAGE);
      return reply.code(201).send(participation);
    },
  });
};

export default contestRoutes;
