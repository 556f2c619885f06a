/**
 * GET /media/:name: a stored visual's file, for the public and pro sites, which forward it from their own
 * origin. Its name changes with its content, so it is kept a year without being asked for again.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { getMedia } from '@guichet/contracts';
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { mediaFilePath } from '../../services/uploads/media-files.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const getMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getMedia),
    handler: async (request, reply) => {
      const path = await mediaFilePath(app.config.UPLOADS_DIR, request.params.name);
      if (!path) throw notFound(VISUAL_UPLOAD_MESSAGES.notFound);
      const { size } = await stat(path);
      // A stream is sent as it is, never through the response serializer: the contract's z.string() 200 only
      // documents the body (as for the order's PDFs).
      return reply
        .type('image/webp')
        .header('content-length', size)
        .header('cache-control', IMMUTABLE)
        .send(createReadStream(path) as unknown as string);
    },
  });
};

export default getMediaRoutes;
