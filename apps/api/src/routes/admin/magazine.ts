/** Le Mag in the back office (issue 27): articles and the catalogue they pick cards from (guard: ./index.ts). */
import {
  createAdminArticle,
  deleteAdminArticle,
  getAdminArticle,
  listAdminArticles,
  removeAdminArticleCover,
  searchArticleCatalogue,
  setAdminArticleCover,
  setAdminArticleStatus,
  updateAdminArticle,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { readVisualUpload, registerVisualMultipart } from '../../lib/visual-upload.js';
import * as magazine from '../../services/admin/magazine.js';
import { storeVisual } from '../../services/uploads/visuals.js';
import { editorOf } from './editor.js';

const magazineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const site = () => ({ siteUrl: app.config.SITE_URL, now: new Date() });
  // The cover's upload: the parser in this scope only, the image checked by its content (storeVisual).
  await registerVisualMultipart(app);
  app.route({
    ...routeOf(listAdminArticles),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await magazine.listAdminArticles(db, request.query, new Date())), page, pageSize };
    },
  });
  app.route({
    ...routeOf(searchArticleCatalogue),
    handler: (request) => magazine.searchCatalogue(db, request.query.q),
  });
  app.route({
    ...routeOf(getAdminArticle),
    handler: (request) => magazine.getAdminArticle(db, request.params.articleId, app.config.SITE_URL, new Date()),
  });
  app.route({
    ...routeOf(createAdminArticle),
    handler: async (request, reply) => {
      const article = await magazine.createAdminArticle(db, editorOf(request), request.body, site());
      return reply.status(201).send(article);
    },
  });
  app.route({
    ...routeOf(updateAdminArticle),
    handler: (request) =>
      magazine.updateAdminArticle(db, editorOf(request), request.params.articleId, request.body, site()),
  });
  app.route({
    ...routeOf(setAdminArticleStatus),
    handler: (request) =>
      magazine.setAdminArticleStatus(db, editorOf(request), request.params.articleId, request.body.status, site()),
  });
  app.route({
    ...routeOf(setAdminArticleCover),
    handler: async (request) => {
      const { articleId } = request.params;
      // The article first: no file is read (nor stored) for an article that does not exist.
      await magazine.getAdminArticle(db, articleId, app.config.SITE_URL, new Date());
      const { bytes, alt } = await readVisualUpload(request);
      const uploaded = await storeVisual(bytes, { directory: app.config.UPLOADS_DIR, alt });
      return magazine.setAdminArticleCover(db, editorOf(request), articleId, uploaded.visual, site());
    },
  });
  app.route({
    ...routeOf(removeAdminArticleCover),
    handler: (request) => magazine.setAdminArticleCover(db, editorOf(request), request.params.articleId, null, site()),
  });
  app.route({
    ...routeOf(deleteAdminArticle),
    handler: async (request) => {
      await magazine.deleteAdminArticle(db, editorOf(request), request.params.articleId);
      return { deleted: true as const };
    },
  });
};

export default magazineRoutes;
