import { getOutboxMessage, listOutbox } from '@guichet/contracts';
import { isLoopbackAddress } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { listOutbox as listMessages, readOutboxMessage } from '../../services/mail/outbox.js';

/** Whether the development outbox is served: mails go to files, and this is not production. */
export function outboxEnabled(config: { SMTP_URL?: string | undefined; NODE_ENV: string }): boolean {
  return !config.SMTP_URL && config.NODE_ENV !== 'production';
}

/**
 * Registered only when `outboxEnabled`: otherwise these paths answer the usual 404. Even then, the outbox
 * holds every password-reset link: it is served only to the machine itself — request.ip, which is the
 * visitor's address when a trusted proxy (the web server) forwards it — and anyone else gets the same 404
 * as a path that does not exist.
 */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const folder = app.config.MAIL_OUTBOX_DIR;

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });

  app.route({
    ...routeOf(listOutbox),
    handler: async () => ({ messages: await listMessages(folder) }),
  });

  app.route({
    ...routeOf(getOutboxMessage),
    handler: async (request) => {
      const message = await readOutboxMessage(folder, request.params.id);
      if (!message) throw notFound('Aucun e-mail avec cet identifiant dans la boîte d’envoi.');
      return message;
    },
  });
};

export default outboxRoutes;
