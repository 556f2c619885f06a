import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The back office's deals (issue 27); the guard is the back office's (routes/admin/index.ts). */
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
