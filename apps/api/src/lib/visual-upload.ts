/**
 * A visual sent as multipart/form-data (field `file`, and `alt`), read the same way wherever the API takes
 * one (an organiser's upload, Le Mag's cover): the parser's limits, and the file's bytes (10 MB at most,
 * else 413) with the form's other fields. The content itself is checked by the uploads service (storeVisual).
 */
import multipart from '@fastify/multipart';
import { VisualUploadFields } from '@guichet/contracts';
import { VISUAL_UPLOAD_LIMITS, VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';
import { RequestValidationError } from './validation.js';

/** The form's one file field. */
const FILE_FIELD = 'file';

/** What @fastify/multipart throws when a file goes beyond `fileSize` (its code; the class is not exported typed). */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** Registers the multipart parser in `app`'s scope only, with the upload's limits. */
export async function registerVisualMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: VISUAL_UPLOAD_LIMITS.bytes,
      files: 1,
      fields: 4,
      fieldSize: 4 * 1024,
      parts: 5,
      headerPairs: 20,
    },
  });
}

/** The file's bytes (10 MB at most, else 413) and the form's other fields, read from the multipart body. */
export async function readVisualUpload(request: FastifyRequest): Promise<{ bytes: Buffer; alt: string }> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', VISUAL_UPLOAD_MESSAGES.notMultipart);
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
