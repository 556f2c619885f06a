import { ORDER_STATUSES } from '@guichet/domain';
import { z } from 'zod';
import { AccountParams, NOT_YOUR_ACCOUNT_MESSAGE } from '../auth/account.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { PageNumber, pageSizeOf } from '../text.js';

export const ORDERS_PAGE_SIZE = { default: 10, max: 50 } as const;

export const OrderStatus = z
  .enum(ORDER_STATUSES)
  .describe(
    'PENDING en attente de paiement, PAID payée, EXPIRED expirée (non payée à temps), CANCELLED annulée, REFUNDED remboursée.',
  );
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderSummary = z
  .object({
    id: z.number().int(),
    reference: z.string().describe('Référence imprimée sur les billets et factures, ex. GU-2026-000042.'),
    status: OrderStatus,
    totalAmount: z.number().int().describe('Total payé, en centimes.'),
    createdAt: z.iso.datetime(),
    itemCount: z.number().int().describe('Nombre d’articles : la somme des quantités des lignes.'),
  })
  .meta({ id: 'OrderSummary', description: 'Une commande dans la liste du compte.' });
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrdersPage = z.object({
  items: z.array(OrderSummary),
  total: z.number().int().describe('Nombre de commandes du compte.'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrdersPage = z.infer<typeof OrdersPage>;

/** Who may see an account's orders: its owner only, as for GET /account/:id. */
export const ORDERS_OWNER_ONLY = {
  401: ErrorAnswer.describe('Jeton absent, invalide ou expiré.'),
  403: ErrorAnswer.describe(NOT_YOUR_ACCOUNT_MESSAGE),
} as const;

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/account/:id/orders',
  summary: 'Les commandes du compte connecté, de la plus récente à la plus ancienne (Authorization: Bearer).',
  tags: ['orders'],
  params: AccountParams,
  query: z.object({
    page: PageNumber,
    pageSize: pageSizeOf(ORDERS_PAGE_SIZE, 'Commandes'),
  }),
  responses: { 200: OrdersPage, 400: ErrorAnswer, ...ORDERS_OWNER_ONLY },
});
