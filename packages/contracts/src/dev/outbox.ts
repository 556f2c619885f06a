import { rule } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { text } from '../text.js';

/**
 * The development outbox: e-mails the API wrote to files because no SMTP server is configured. These
 * routes exist only then, and never when NODE_ENV=production (404 otherwise).
 */
export const OutboxSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.iso.datetime(),
});
export type OutboxSummary = z.infer<typeof OutboxSummary>;

export const OutboxMessage = OutboxSummary.extend({
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.string()).optional().describe('Noms des pièces jointes, quand il y en a.'),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const listOutbox = defineEndpoint({
  method: 'GET',
  path: '/dev/outbox',
  summary:
    'Développement seulement : les derniers e-mails écrits dans la boîte d’envoi locale, du plus récent au plus ancien.',
  tags: ['dev'],
  responses: { 200: z.object({ messages: z.array(OutboxSummary) }), 404: ErrorAnswer },
});

export const getOutboxMessage = defineEndpoint({
  method: 'GET',
  path: '/dev/outbox/:id',
  summary: 'Développement seulement : un e-mail de la boîte d’envoi locale (texte et HTML).',
  tags: ['dev'],
  params: z.object({
    id: text({ max: 64, asTyped: true, rules: [rule.regex(/^[A-Za-z0-9-]{1,64}$/)] }).describe(
      'Identifiant donné par la liste.',
    ),
  }),
  responses: { 200: OutboxMessage, 400: ErrorAnswer, 404: ErrorAnswer },
});
