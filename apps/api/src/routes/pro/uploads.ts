/**
 * POST /pro/organizers/:organizerId/uploads: an organiser's owner or manager uploads a visual (multipart:
 * `file`, `alt`). The multipart parser is registered here only, with the upload's limits, so no other route
 * reads multipart bodies; the caller's membership is checked before a byte of the file is read.
 */
import { uploadVisual } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { readVisualUpload, registerVisualMultipart } from '../../lib/visual-upload.js';
import { requireMembership } from '../../plugins/auth.js';
import { recordUpload } from '../../services/pro/uploads.js';
import { storeVisual } from '../../services/uploads/visuals.js';

const proUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerVisualMultipart(app);

  app.route({
    ...routeOf(uploadVisual),
    handler: async (request, reply) => {
      const { organizerId } = request.params;
      const member = await requireMembership(request, organizerId, ['OWNER', 'MANAGER']);
      const { bytes, alt } = await readVisualUpload(request);
      const uploaded = await storeVisual(bytes, { directory: app.config.UPLOADS_DIR, alt });
      const id = await recordUpload(app.database.db, member, uploaded);
      return reply.code(201).send({ ...uploaded, id });
    },
  });
};

export default proUploadRoutes;
