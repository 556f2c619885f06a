/** A visual's upload passed on to the API as it arrives (the ticketings' and the back office's deals' pages). */
import { VISUAL_UPLOAD_LIMITS, VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { data } from 'react-router';

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

/** A refused upload, as the upload routes answer it (their page shows `message`). */
export const refusedUpload = (status: number, message: string) => data({ message }, { status });

/** The request's body as `sendRaw` passes it on: streamed, its type, and whether it was cut at the limit. */
export type UploadBody = { body: ReadableStream<Uint8Array>; contentType: string; stopped: () => boolean };

/**
 * What every upload route does before and after the API (ticketings, deals, contest games, Le Mag's covers): a
 * body that is not multipart, announced beyond the limit or missing is refused before it is read; otherwise it
 * is passed on to `send` as it arrives, cut at the limit (then refused as too large, whatever the API said).
 * The API's own answer is the caller's to read.
 */
export async function passUploadOn<Answer>(
  request: Request,
  send: (upload: UploadBody) => Promise<Answer>,
): Promise<{ refused: ReturnType<typeof refusedUpload> } | { answer: Answer }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data'))
    return { refused: refusedUpload(400, VISUAL_UPLOAD_MESSAGES.notMultipart) };
  if (Number(request.headers.get('content-length')) > UPLOAD_BODY_LIMIT) {
    await request.body?.cancel();
    return { refused: refusedUpload(413, VISUAL_UPLOAD_MESSAGES.tooLarge) };
  }
  if (!request.body) return { refused: refusedUpload(400, VISUAL_UPLOAD_MESSAGES.missing) };
  const limited = limitedStream(request.body, UPLOAD_BODY_LIMIT);
  const answer = await send({ body: limited.stream, contentType, stopped: () => limited.state.tooLarge });
  if (limited.state.tooLarge) return { refused: refusedUpload(413, VISUAL_UPLOAD_MESSAGES.tooLarge) };
  return { answer };
}
