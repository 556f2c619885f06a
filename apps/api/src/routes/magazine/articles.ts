/** Le Mag: the list of articles and one article. */
import { getArticle, listArticles } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { findArticle, listArticles as findArticles } from '../../services/magazine/articles.js';

const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(listArticles),
    handler: (request) => findArticles(app.database.db, request.query, new Date()),
  });
  app.route({
    ...routeOf(getArticle),
    handler: async (request) => {
      const article = await findArticle(app.database.db, request.params.slug, new Date());
      if (!article) throw notFound('Article introuvable.');
      return article;
    },
  });
};

export default articlesRoutes;
