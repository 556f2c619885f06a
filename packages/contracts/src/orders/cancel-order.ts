/**
 * Cancelling a pending order (issue 22): « Annuler et revenir au panier » on the payment page (whoever holds
 * the payment session, as for paying) and « Annuler la commande » on the account's order page (its owner).
 * The order becomes « Annulée » and its places go back on sale at once; a paid order is not cancelled here.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { PaymentSessionParams } from '../payments/demo-payment.js';
import { ORDER_NOT_FOUND_MESSAGE, OrderParams } from './get-order.js';
import { ORDERS_OWNER_ONLY, OrderStatus } from './list-orders.js';

export const CANCEL_ORDER_MESSAGES = {
  /** A paid order keeps its tickets: cancelling it would be a refund, not this. */
  paid: 'Cette commande est payée : elle ne peut plus être annulée.',
  /** What the buyer is told once it is done. */
  cancelled: 'Commande annulée : vos places ont été remises en vente.',
} as const;

export const CancelledOrder = z
  .object({
    orderID: z.number().int(),
    status: OrderStatus.describe(
      'CANCELLED ; EXPIRED pour une commande dont la réservation avait déjà pris fin (ses places étaient libres).',
    ),
  })
  .meta({ id: 'CancelledOrder', description: 'La commande après son annulation.' });
export type CancelledOrder = z.infer<typeof CancelledOrder>;

const NOT_CANCELLABLE = ErrorAnswer.describe(`ORDER_NOT_CANCELLABLE : ${CANCEL_ORDER_MESSAGES.paid}`);

export const cancelAccountOrder = defineEndpoint({
  method: 'POST',
  path: '/account/:id/orders/:orderID/cancel',
  summary: 'Annule une commande en attente du compte connecté : « Annulée », ses places remises en vente.',
  tags: ['orders'],
  params: OrderParams,
  responses: {
    200: CancelledOrder,
    400: ErrorAnswer,
    ...ORDERS_OWNER_ONLY,
    404: ErrorAnswer.describe(ORDER_NOT_FOUND_MESSAGE),
    409: NOT_CANCELLABLE,
  },
});

export const cancelPaymentSession = defineEndpoint({
  method: 'POST',
  path: '/payments/demo/:session/cancel',
  summary: 'Annule la commande de la session de paiement : « Annuler et revenir au panier ».',
  tags: ['payments'],
  params: PaymentSessionParams,
  responses: {
    200: CancelledOrder,
    400: ErrorAnswer,
    404: ErrorAnswer.describe('Session de paiement introuvable.'),
    409: NOT_CANCELLABLE,
  },
});
