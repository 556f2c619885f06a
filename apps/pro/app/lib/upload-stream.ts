/**
 * A visual's upload passed on to the API (the ticketings' visuals, Le Mag's covers): the request's body as it
 * arrives, never held whole in this server's memory, stopped once beyond what the API could accept.
 */
import { VISUAL_UPLOAD_LIMITS } from '@guichet/domain';

/** Room for the multipart envelope around the file (boundaries, headers, the alt text). */
const MULTIPART_SLACK_BYTES = 64 * 1024;
/** Beyond this, the body cannot hold a file the API accepts: stop reading it. */
export const UPLOAD_BODY_LIMIT = VISUAL_UPLOAD_LIMITS.bytes + MULTIPART_SLACK_BYTES;

/**
 * The request's body as it arrives, cut off once it goes beyond `limit` bytes: the file is passed on to the
 * API chunk by chunk and never held whole in this server's memory, and a body lying about its length (or
 * sent without one) is stopped at the limit, not read to its end.
 */
export function limitedStream(body: ReadableStream<Uint8Array>, limit: number) {
  let seen = 0;
  const state = { tooLarge: false };
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          state.tooLarge = true;
          controller.error(new RangeError('upload too large'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { stream, state };
}
