/**
 * POST /pro/organizers/:organizerId/uploads: an organiser's owner or manager uploads a visual (multipart:
 * `file`, `alt`). The multipart parser is registered here only, with the upload's limits, so no other route
 * reads multipart bodies; the caller's membership is checked before a byte of the file is read.
 */
import multipart from '@fastify/multipart';
import { uploadVisual, VisualUploadFields } from '@guichet/contracts';
import { VISUAL_UPLOAD_LIMITS, VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { RequestValidationError } from '../../lib/validation.js';
import { requireMembership } from '../../plugins/auth.js';
import { recordUpload } from '../../services/pro/uploads.js';
import { storeVisual } from '../../services/uploads/visuals.js';

/** The form's one file field. */
const FILE_FIELD = 'file';

/** What @fastify/multipart throws when a file goes beyond `fileSize` (its code; the class is not exported typed). */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** The file's bytes (10 MB at most, else 413) and the form's other fields, read from the multipart body. */
export async function readUpload(request: FastifyRequest) {
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read whole (bounded by `fileSize`) even when misnamed: an unread file stalls the parts that follow.
        const content = await part.toBuffer();
        if (part.fieldname === FILE_FIELD) bytes = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === FILE_TOO_LARGE)
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', VISUAL_UPLOAD_MESSAGES.tooLarge);
    throw error;
  }
  if (!bytes || bytes.length === 0) throw new HttpError(400, 'BAD_REQUEST', VISUAL_UPLOAD_MESSAGES.missing);
  const parsed = VisualUploadFields.safeParse(fields);
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return { bytes, alt: parsed.data.alt ?? '' };
}

/** The multipart parser's limits for one visual (the back office's uploads use them too). */
export const VISUAL_MULTIPART_LIMITS = {
  fileSize: VISUAL_UPLOAD_LIMITS.bytes,
  files: 1,
  fields: 4,
  fieldSize: 4 * 1024,
  parts: 5,
  headerPairs: 20,
};

const proUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: VISUAL_MULTIPART_LIMITS });

  app.route({
    ...routeOf(uploadVisual),
    handler: async (request, reply) => {
      const { organizerId } = request.params;
      const member = await requireMembership(request, organizerId, ['OWNER', 'MANAGER']);
      if (!request.isMultipart())
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', VISUAL_UPLOAD_MESSAGES.notMultipart);
      const { bytes, alt } = await readUpload(request);
      const uploaded = await storeVisual(bytes, { directory: app.config.UPLOADS_DIR, alt });
      const id = await recordUpload(app.database.db, member, uploaded);
      return reply.code(201).send({ ...uploaded, id });
    },
  });
};

export default proUploadRoutes;
