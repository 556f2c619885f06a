import { PRODUCT_TYPES, REFUND_REASONS, REFUND_STATUSES } from '@guichet/domain';
import { z } from 'zod';
import { AccountParams } from '../auth/account.js';
import { FacturationAddress } from '../auth/fields.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { ORDERS_OWNER_ONLY, OrderStatus } from './list-orders.js';

/** Said for an unknown order and for another user's alike, so that order ids cannot be probed. */
export const ORDER_NOT_FOUND_MESSAGE = 'Commande introuvable.';

export const OrderTicket = z.object({
  id: RowId,
  code: z.string().describe('Code du billet, celui du QR code contrôlé à l’entrée.'),
  holderName: z.string(),
  revokedReason: z
    .enum(REFUND_REASONS)
    .nullable()
    .describe(
      'Pourquoi le billet ne fait plus entrer (remboursé, événement annulé, bon rétracté) ; null s’il est valable.',
    ),
  scannedAt: z.iso.datetime().nullable().describe('Quand il a été contrôlé à l’entrée (un bon : utilisé).'),
});
export type OrderTicket = z.infer<typeof OrderTicket>;

export const OrderItemTicketing = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso
    .datetime()
    .describe('Fin : une billetterie d’un jour ou plus (exposition, festival) se montre par sa période.'),
  venue: z.string(),
  city: z.string(),
});
export type OrderItemTicketing = z.infer<typeof OrderItemTicketing>;

export const OrderItem = z.object({
  id: z.number().int(),
  productID: z.number().int().describe('Le produit commandé (pour le retirer du panier une fois payé).'),
  title: z.string(),
  unitPrice: z.number().int().describe('Prix unitaire payé (remise comprise), en centimes.'),
  quantity: z.number().int(),
  lineTotal: z.number().int().describe('Prix unitaire × quantité, en centimes.'),
  productType: z.enum(PRODUCT_TYPES),
  vatRate: z.number().int().describe('Taux de TVA en points de base (550 = 5,5 %).'),
  ticketing: OrderItemTicketing.extend({
    refundRequestsUntil: z.iso
      .datetime()
      .nullable()
      .describe('Un événement reporté : jusqu’à quand ses billets peuvent être remboursés sur demande.'),
  })
    .nullable()
    .describe('La billetterie d’un billet ; null pour un bon plan.'),
  tickets: z.array(OrderTicket).describe('Les billets de la ligne, une fois la commande payée ; vide sinon.'),
  withdrawalUntil: z.iso
    .datetime()
    .nullable()
    .describe('Un bon plan payé : fin du délai de rétractation (14 jours, L221-18) ; null pour un billet.'),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const BuyerRefund = z
  .object({
    id: RowId,
    reason: z.enum(REFUND_REASONS),
    status: z.enum(REFUND_STATUSES),
    amount: z.number().int(),
    createdAt: z.iso.datetime(),
    refundedAt: z.iso.datetime().nullable(),
    creditNote: z.string().nullable(),
    creditNotePath: z.string().nullable().describe('Lien signé de l’avoir (PDF), une fois le remboursement fait.'),
  })
  .meta({ id: 'BuyerRefund', description: 'Un remboursement d’une commande du compte.' });
export type BuyerRefund = z.infer<typeof BuyerRefund>;

export const OrderDetail = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    status: OrderStatus,
    totalAmount: z.number().int().describe('Somme des lignes, en centimes.'),
    currency: z.string(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable().describe('Fin de la réservation des places d’une commande à payer.'),
    invoiceNumber: z.string().nullable().describe('Numéro de facture (suite sans trou), une fois payée.'),
    paymentPath: z
      .string()
      .nullable()
      .describe('Page de paiement, tant que la commande peut être payée (places encore réservées).'),
    downloadPath: z
      .string()
      .nullable()
      .describe('Lien signé de téléchargement des billets et de la facture, une fois payée.'),
    facturationAddress: FacturationAddress.nullable(),
    items: z.array(OrderItem),
    refunds: z.array(BuyerRefund).describe('Les remboursements de la commande, le plus ancien d’abord.'),
  })
  .meta({ id: 'OrderDetail', description: 'Une commande du compte, avec ses lignes et ses billets.' });
export type OrderDetail = z.infer<typeof OrderDetail>;

/** An order of the account: `/account/:id/orders/:orderID`. */
export const OrderParams = AccountParams.extend({
  orderID: pathId('L’identifiant de commande'),
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/account/:id/orders/:orderID',
  summary: 'Une commande du compte connecté ; celle d’un autre compte répond 404 comme une commande inconnue.',
  tags: ['orders'],
  params: OrderParams,
  responses: {
    200: OrderDetail,
    400: ErrorAnswer,
    ...ORDERS_OWNER_ONLY,
    404: ErrorAnswer.describe(ORDER_NOT_FOUND_MESSAGE),
  },
});
