/**
 * The buyer's side after the sale (docs/decisions/0066): tickets e-mailed again, a deal's 14-day withdrawal
 * (Code de la consommation, L221-18) refunding unused vouchers, a refund asked after a postponement until the
 * organiser's date, and the credit notes of the order's refunds. The account's owner only.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { DocumentQuery } from './documents.js';
import { BuyerRefund, ORDER_NOT_FOUND_MESSAGE, OrderParams } from './get-order.js';
import { ORDERS_OWNER_ONLY } from './list-orders.js';

export const AFTER_SALE_MESSAGES = {
  ticketsResent: 'Vos billets ont été renvoyés à votre adresse e-mail.',
  nothingToResend: 'Cette commande n’a aucun billet valable à renvoyer.',
  withdrawalOver: 'Le délai de rétractation de 14 jours est passé.',
  voucherUsed: 'Un bon déjà utilisé ne peut plus être rétracté.',
  notRefundable: 'Ces billets ne peuvent pas être remboursés.',
  refundRequestsOver: 'La date limite des demandes de remboursement est passée.',
  creditNoteNotFound: 'Avoir introuvable.',
} as const;

/** How many times an order's tickets may be e-mailed again per hour. */
export const RESEND_TICKETS_PER_HOUR = 3;

const ownerErrors = { 400: ErrorAnswer, ...ORDERS_OWNER_ONLY, 404: ErrorAnswer.describe(ORDER_NOT_FOUND_MESSAGE) };

export const resendTickets = defineEndpoint({
  method: 'POST',
  path: '/account/:id/orders/:orderID/resend-tickets',
  summary: 'Renvoie les billets valables d’une commande payée par e-mail (3 fois par heure au plus).',
  tags: ['orders'],
  params: OrderParams,
  responses: { 202: z.object({ email: z.string() }), ...ownerErrors, 409: ErrorAnswer },
});

export const TicketsRefundBody = z.object({
  requestId: z.uuid(),
  ticketIds: z.array(RowId).min(1).max(100),
});

export const requestWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/account/:id/orders/:orderID/withdrawal',
  summary: 'Exerce le droit de rétractation (14 jours, L221-18) sur des bons plans non utilisés : remboursés.',
  tags: ['orders'],
  params: OrderParams,
  body: TicketsRefundBody,
  responses: { 202: BuyerRefund, ...ownerErrors, 409: ErrorAnswer },
});

export const requestPostponementRefund = defineEndpoint({
  method: 'POST',
  path: '/account/:id/orders/:orderID/postponement-refund',
  summary: 'Demande le remboursement de billets d’un événement reporté, jusqu’à la date fixée par l’organisateur.',
  tags: ['orders'],
  params: OrderParams,
  body: TicketsRefundBody,
  responses: { 202: BuyerRefund, ...ownerErrors, 409: ErrorAnswer },
});

export const CreditNoteDocumentParams = z.object({
  orderID: pathId('L’identifiant de commande'),
  creditNote: pathId('Avoir'),
});

export const getCreditNoteDocument = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderID/credit-notes/:creditNote',
  summary: 'L’avoir d’un remboursement en PDF : pour le propriétaire de la commande, ou par lien signé.',
  tags: ['orders'],
  params: CreditNoteDocumentParams,
  query: DocumentQuery,
  responses: { 200: z.string().describe('application/pdf'), 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer },
});
