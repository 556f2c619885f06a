/**
 * After the sale, on the pro site (docs/decisions/0066): refunding an order's tickets (some or all of this
 * organiser's lines), cancelling a ticketing (every paid order refunded by a resumable job) and postponing it
 * (a new date, tickets still valid, refunds on request until a date the organiser sets). A refund is written
 * PENDING with the tickets revoked and the places back on sale, then asked of the payment provider; its credit
 * note (avoir, AV-000001) is numbered when the provider has done it. Owners and managers only.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { BoundedInstant, text } from '../text.js';
import { ProRefund, SalesOrderParams } from './sales.js';
import { TicketingParams, Version, writeRefusals } from './ticketings.js';

/** The most tickets one refund names: an order holds at most this many (cart limits). */
export const REFUND_TICKETS_MAX = 100;

export const REFUND_MESSAGES = {
  ticketsNotRefundable: 'Certains de ces billets sont déjà remboursés ou ne sont pas de cette commande.',
  orderNotPaid: 'Seule une commande payée peut être remboursée.',
  alreadyCancelled: 'Cette billetterie est déjà annulée.',
  cannotCancel: 'Seule une billetterie publiée ou en pause peut être annulée.',
  cannotPostpone: 'Seule une billetterie publiée ou en pause peut être reportée.',
  refundUntilAfterStart: 'La date limite des demandes de remboursement doit venir avant la nouvelle date.',
  creditNoteNotFound: 'Avoir introuvable.',
  cancelThroughCancellation:
    'Une billetterie s’annule par « Annuler la billetterie » : ses acheteurs sont alors remboursés et prévenus.',
  postponeStartsInPast: 'La nouvelle date doit être à venir.',
  postponeEndsBeforeStart: 'La fin doit venir après le début.',
} as const;

export const RefundBody = z.object({
  requestId: z.uuid().describe('Tiré par le formulaire : la même demande envoyée deux fois ne rembourse qu’une fois.'),
  ticketIds: z.array(RowId).min(1).max(REFUND_TICKETS_MAX),
});

export const refundProOrder = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/orders/:orderId/refunds',
  summary:
    'Rembourse des billets d’une commande : révoqués, remis en vente, remboursés par le prestataire de paiement.',
  tags: ['pro', 'refunds'],
  params: SalesOrderParams,
  body: RefundBody,
  responses: { 202: ProRefund, ...writeRefusals },
});

export const CreditNoteParams = SalesOrderParams.extend({ creditNote: pathId('Avoir') });

export const getProCreditNote = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/orders/:orderId/credit-notes/:creditNote',
  summary: 'L’avoir d’un remboursement, en PDF.',
  tags: ['pro', 'refunds'],
  params: CreditNoteParams,
  responses: { 200: z.string().describe('application/pdf'), 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer },
});

export const CancelTicketingBody = z.object({
  version: Version,
  message: text({ max: 2000, multiline: true, required: false })
    .optional()
    .describe('Un mot aux acheteurs, repris dans l’e-mail d’annulation.'),
});

export const CancellationProgress = z
  .object({
    status: z.enum(['NONE', 'RUNNING', 'DONE']),
    total: z.number().int().describe('Commandes payées à rembourser.'),
    succeeded: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CancellationProgress', description: 'Où en sont les remboursements d’une annulation.' });
export type CancellationProgress = z.infer<typeof CancellationProgress>;

export const cancelProTicketing = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/ticketings/:ticketingId/cancel',
  summary:
    'Annule une billetterie : chaque commande payée remboursée (une tâche qui reprend où elle en était), acheteurs prévenus.',
  tags: ['pro', 'refunds'],
  params: TicketingParams,
  body: CancelTicketingBody,
  responses: { 202: CancellationProgress, ...writeRefusals },
});

export const getCancellationProgress = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/ticketings/:ticketingId/cancellation',
  summary: 'L’avancement des remboursements d’une annulation.',
  tags: ['pro', 'refunds'],
  params: TicketingParams,
  responses: { 200: CancellationProgress, 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer },
});

export const PostponeTicketingBody = z.object({
  version: Version,
  startsAt: BoundedInstant.describe('La nouvelle date de début.'),
  endsAt: BoundedInstant.describe('La nouvelle fin.'),
  refundRequestsUntil: BoundedInstant.describe('Jusqu’à quand un acheteur peut demander le remboursement.'),
});

export const postponeProTicketing = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/ticketings/:ticketingId/postpone',
  summary:
    'Reporte une billetterie : nouvelle date, billets toujours valables, acheteurs prévenus, remboursement sur demande.',
  tags: ['pro', 'refunds'],
  params: TicketingParams,
  body: PostponeTicketingBody,
  responses: { 200: z.object({ version: z.number().int() }), ...writeRefusals },
});
