/**
 * The back office's contest games (issue 27); the guard is the back office's (routes/admin/index.ts). The
 * winners of a draw are e-mailed after its transaction committed (notifyWinners), once.
 */
import {
  closeAdminContest,
  createAdminContest,
  drawAdminContest,
  getAdminContest,
  listAdminContests,
  publishAdminContest,
  unpublishAdminContest,
  updateAdminContest,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import {
  closeContest,
  createContest,
  drawContest,
  getContest,
  listContests,
  setContestStatus,
  updateContest,
} from '../../services/admin/contests.js';
import { notifyWinners } from '../../services/contests/draw.js';
import { editorOf } from './editor.js';

const contestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(listAdminContests),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listContests(db, request.query, new Date())), page, pageSize };
    },
  });

  app.route({
    ...routeOf(createAdminContest),
    handler: async (request, reply) =>
      reply.code(201).send(await createContest(db, editorOf(request), request.body, new Date())),
  });

  app.route({
    ...routeOf(getAdminContest),
    handler: async (request) => getContest(db, request.params.id, new Date()),
  });

  app.route({
    ...routeOf(updateAdminContest),
    handler: async (request) => updateContest(db, editorOf(request), request.params.id, request.body, new Date()),
  });

  app.route({
    ...routeOf(publishAdminContest),
    handler: async (request) => setContestStatus(db, editorOf(request), request.params.id, 'PUBLISHED', new Date()),
  });

  app.route({
    ...routeOf(unpublishAdminContest),
    handler: async (request) => setContestStatus(db, editorOf(request), request.params.id, 'DRAFT', new Date()),
  });

  app.route({
    ...routeOf(closeAdminContest),
    handler: async (request) => closeContest(db, editorOf(request), request.params.id, new Date()),
  });

  app.route({
    ...routeOf(drawAdminContest),
    handler: async (request) => {
      const { game, winners } = await drawContest(
        db,
        editorOf(request),
        request.params.id,
        request.body.method,
        new Date(),
      );
      await notifyWinners(app.mailer, app.config.SITE_URL, winners, request.log);
      return game;
    },
  });
};

export default contestRoutes;
