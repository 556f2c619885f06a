/**
 * The platform administrators' back office (issue 27): every route under /pro/admin registered here shares one
 * guard, an onRequest hook that runs before anything reads the request — so to anyone but an administrator
 * (no token, the public site's token, an organiser, a scanner) every back-office route, whatever its body or
 * query, is the 404 of a route that does not exist (docs/decisions/0067).
 */
import type { FastifyPluginAsync } from 'fastify';
import { requirePlatformAdmin } from '../../plugins/auth.js';
import auditRoutes from './audit.js';
import contestRoutes from './contests.js';
import dealRoutes from './deals.js';
import { setEditor } from './editor.js';
import magazineRoutes from './magazine.js';
import redirectRoutes from './redirects.js';
import surveyRoutes from './surveys.js';

const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    const user = await requirePlatformAdmin(request);
    setEditor(request, { id: user.id });
  });
  await app.register(auditRoutes);
  await app.register(dealRoutes);
  await app.register(contestRoutes);
  await app.register(magazineRoutes);
  await app.register(surveyRoutes);
  await app.register(redirectRoutes);
};

export default adminRoutes;
