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
  uploadAdminContestVisual,
} from '@guichet/contracts';
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { readVisualUpload, registerVisualMultipart } from '../../lib/visual-upload.js';
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
import { storeVisual } from '../../services/uploads/visuals.js';
import { editorOf } from './editor.js';

const contestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const media = { directory: app.config.UPLOADS_DIR };

  // The visual, checked by its content as an organiser's is (services/uploads); multipart is read here only.
  await app.register(async (uploads) => {
    await registerVisualMultipart(uploads);
    uploads.route({
      ...routeOf(uploadAdminContestVisual),
      handler: async (request, reply) => {
        if (!request.isMultipart())
          throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', VISUAL_UPLOAD_MESSAGES.notMultipart);
        const { bytes, alt } = await readVisualUpload(request);
        const { visual } = await storeVisual(bytes, { directory: media.directory, alt });
        return reply.code(201).send({ visual });
      },
    });
  });

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
      reply.code(201).send(await createContest(db, editorOf(request), request.body, new Date(), media)),
  });

  app.route({
    ...routeOf(getAdminContest),
    handler: async (request) => getContest(db, request.params.id, new Date()),
  });

  app.route({
    ...routeOf(updateAdminContest),
    handler: async (request) =>
      updateContest(db, editorOf(request), request.params.id, request.body, new Date(), media),
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
