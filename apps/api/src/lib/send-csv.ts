import type { FastifyReply } from 'fastify';

/** A CSV stream as a download: never cached (it names people), saved under `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: NodeJS.ReadableStream) {
  return reply
    .code(200)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv as unknown as string);
}
