/**
 * Following the sales on the pro site: the organiser's and a ticketing's dashboards (sold, held and remaining
 * places, revenue with and without VAT per rate, sales per day, page views by source and the views → orders
 * conversion), the orders list and one order, and the CSV exports. Only paid orders count as sales; an
 * organiser sees only its own lines of an order (a basket may hold other organisers' tickets and deals).
 * Owners and managers only: a scanner (door control) gets a 403 here, attendee counts included.
 */
import { ORDER_STATUSES, REFUND_REASONS, REFUND_STATUSES, VAT_RATES } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { pageSizeOf, text } from '../text.js';
import { ORGANIZER_NOT_FOUND_MESSAGE, OrganizerParams, ROLE_FORBIDDEN_MESSAGE } from './session.js';

/** How many days the sales-per-day chart, the views by source and the conversion cover, today included (Paris). */
export const SALES_PERIOD_DAYS = 30;
export const SALES_ORDERS_PAGE_SIZE = { default: 25, max: 100 } as const;

export const SALES_MESSAGES = {
  ticketingNotFound: 'Billetterie introuvable.',
  orderNotFound: 'Commande introuvable.',
  invalidCursor: 'Curseur de pagination invalide.',
} as const;

export const SalesTicketingParams = OrganizerParams.extend({ ticketingId: pathId('Billetterie') });
export const SalesOrderParams = OrganizerParams.extend({ orderId: pathId('Commande') });

const Cents = z.number().int().describe('Montant en centimes.');
const ProOrderStatus = z
  .enum(ORDER_STATUSES)
  .describe('Statut de la commande (PAID, ou REFUNDED une fois remboursée).');

/** Places of a product, a ticketing or an organiser: sold (paid), held by unpaid orders, still on sale. */
const Places = {
  stock: z.number().int().describe('Places mises en vente.'),
  sold: z.number().int().describe('Places vendues (commandes payées).'),
  held: z.number().int().describe('Places retenues par des commandes en attente de paiement.'),
  remaining: z.number().int().describe('Places restantes : stock − vendues − retenues.'),
};

export const SalesVatRow = z
  .object({
    vatRate: z.union(VAT_RATES.map((rate) => z.literal(rate))).describe('Taux en points de base (550 = 5,5 %).'),
    totalInclVat: Cents,
    totalExclVat: Cents,
    vat: Cents,
  })
  .meta({ id: 'SalesVatRow', description: 'Chiffre d’affaires d’un taux de TVA : TTC, HT et TVA.' });

export const SalesDay = z
  .object({
    day: z.iso.date().describe('Jour de paiement (heure de Paris).'),
    orders: z.number().int(),
    tickets: z.number().int(),
    revenueInclVat: Cents,
  })
  .meta({ id: 'SalesDay', description: 'Les ventes payées d’un jour.' });

export const SalesViews = z
  .object({
    source: z.string().describe('Provenance : DIRECT, ou le paramètre `source` du lien suivi.'),
    views: z.number().int(),
  })
  .meta({ id: 'SalesViews', description: 'Vues des pages de billetterie d’une provenance.' });

const DashboardCommon = {
  period: z
    .object({ from: z.iso.date(), to: z.iso.date() })
    .describe(
      `Les ${SALES_PERIOD_DAYS} derniers jours (heure de Paris), aujourd’hui compris : graphique, vues, conversion.`,
    ),
  totals: z.object({
    ...Places,
    revenueInclVat: Cents,
    revenueExclVat: Cents,
    vat: Cents,
  }),
  vatRates: z.array(SalesVatRow).describe('Chiffre d’affaires par taux de TVA, depuis la première vente.'),
  salesPerDay: z
    .array(SalesDay)
    .describe('Un jour par ligne, du plus ancien au plus récent, jours sans vente compris.'),
  viewsBySource: z.array(SalesViews).describe('Vues sur la période, de la provenance la plus vue à la moins vue.'),
  conversion: z.object({
    views: z.number().int(),
    orders: z
      .number()
      .int()
      .describe('Commandes payées sur la période (d’une billetterie, ou de l’organisateur : chacune une fois).'),
    rate: z.number().describe('Commandes ÷ vues, entre 0 et 1 ; 0 sans vue.'),
  }),
};

export const SalesProduct = z
  .object({ id: RowId, title: z.string(), price: Cents, ...Places, revenueInclVat: Cents })
  .meta({ id: 'SalesProduct', description: 'Les ventes d’un tarif.' });

export const SalesTicketing = z
  .object({
    id: RowId,
    title: z.string(),
    startsAt: z.iso.datetime(),
    status: z.string(),
    ...Places,
    revenueInclVat: Cents,
  })
  .meta({ id: 'SalesTicketing', description: 'Les ventes d’une billetterie, tous tarifs confondus.' });

export const OrganizerDashboard = z
  .object({ ...DashboardCommon, ticketings: z.array(SalesTicketing) })
  .meta({ id: 'OrganizerDashboard', description: 'Tableau de bord des ventes d’un organisateur.' });
export type OrganizerDashboard = z.infer<typeof OrganizerDashboard>;

export const TicketingDashboard = z
  .object({ ...DashboardCommon, ticketing: SalesTicketing, products: z.array(SalesProduct) })
  .meta({ id: 'TicketingDashboard', description: 'Tableau de bord des ventes d’une billetterie.' });
export type TicketingDashboard = z.infer<typeof TicketingDashboard>;

const proErrors = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer.describe(ROLE_FORBIDDEN_MESSAGE),
  404: ErrorAnswer.describe(ORGANIZER_NOT_FOUND_MESSAGE),
};

export const getOrganizerDashboard = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/dashboard',
  summary: 'Tableau de bord des ventes d’un organisateur (propriétaire ou gestionnaire).',
  tags: ['pro'],
  params: OrganizerParams,
  responses: { 200: OrganizerDashboard, ...proErrors },
});

export const getTicketingDashboard = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/ticketings/:ticketingId/dashboard',
  summary: 'Tableau de bord des ventes d’une billetterie de l’organisateur.',
  tags: ['pro'],
  params: SalesTicketingParams,
  responses: { 200: TicketingDashboard, ...proErrors },
});

export const ProOrdersQuery = z.object({
  q: text({ max: 100 })
    .optional()
    .describe('Référence, nom ou e-mail de l’acheteur, sans tenir compte des accents ni des majuscules.'),
  cursor: text({ max: 200, asTyped: true }).optional().describe('Curseur de la page suivante (nextCursor).'),
  limit: pageSizeOf(SALES_ORDERS_PAGE_SIZE, 'Commandes'),
});

/** What an orders-list cursor carries once decoded (base64url JSON): the payment instant and id of the last row. */
export const ProOrdersCursor = z.strictObject({ paidAt: z.iso.datetime(), id: RowId });

const Buyer = z.object({ firstname: z.string(), lastname: z.string(), email: z.string() });

export const ProOrderSummary = z
  .object({
    id: RowId,
    reference: z.string(),
    paidAt: z.iso.datetime(),
    status: ProOrderStatus,
    buyer: Buyer,
    tickets: z.number().int().describe('Billets de cet organisateur dans la commande.'),
    amount: Cents.describe('Montant TTC des lignes de cet organisateur, en centimes.'),
  })
  .meta({ id: 'ProOrderSummary', description: 'Une commande payée, vue par un organisateur.' });
export type ProOrderSummary = z.infer<typeof ProOrderSummary>;

export const ProOrderPage = z.object({
  items: z.array(ProOrderSummary),
  nextCursor: z.string().nullable().describe('À passer en `cursor` pour la page suivante ; null à la dernière.'),
});

export const listProOrders = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/orders',
  summary: 'Les commandes payées d’un organisateur, la plus récente d’abord, avec recherche.',
  tags: ['pro'],
  params: OrganizerParams,
  query: ProOrdersQuery,
  responses: { 200: ProOrderPage, ...proErrors },
});

/** A refund of an order, as its organiser sees it (defined here for ProOrderDetail; pro/refunds.ts answers it). */
export const ProRefund = z
  .object({
    id: RowId,
    reason: z.enum(REFUND_REASONS),
    status: z.enum(REFUND_STATUSES),
    amount: Cents,
    createdAt: z.iso.datetime(),
    refundedAt: z.iso.datetime().nullable(),
    creditNote: z.string().nullable().describe('Numéro de l’avoir (AV-000001), une fois le remboursement fait.'),
    ticketCodes: z.array(z.string()).describe('Les billets remboursés.'),
  })
  .meta({ id: 'ProRefund', description: 'Un remboursement d’une commande.' });
export type ProRefund = z.infer<typeof ProRefund>;

export const ProOrderDetail = ProOrderSummary.extend({
  lines: z.array(
    z.object({
      id: RowId,
      ticketing: z.object({ id: RowId, title: z.string() }),
      title: z.string(),
      unitPrice: Cents,
      quantity: z.number().int(),
      lineTotal: Cents,
      vatRate: z.number().int(),
      tickets: z.array(
        z.object({
          id: RowId,
          code: z.string(),
          holderName: z.string(),
          scannedAt: z.iso.datetime().nullable(),
          revokedReason: z
            .enum(REFUND_REASONS)
            .nullable()
            .describe('Pourquoi le billet ne fait plus entrer (remboursé).'),
        }),
      ),
    }),
  ),
  refunds: z.array(ProRefund).describe('Les remboursements des lignes de cet organisateur, le plus ancien d’abord.'),
}).meta({ id: 'ProOrderDetail', description: 'Une commande vue par un organisateur : ses lignes et leurs billets.' });
export type ProOrderDetail = z.infer<typeof ProOrderDetail>;

export const getProOrder = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/orders/:orderId',
  summary: 'Une commande : l’acheteur, les lignes de cet organisateur, les billets (titulaires et codes).',
  tags: ['pro'],
  params: SalesOrderParams,
  responses: { 200: ProOrderDetail, ...proErrors },
});

export const exportProOrders = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/exports/orders.csv',
  summary: 'Les commandes en CSV pour un tableur français (UTF-8 avec BOM, « ; », virgule décimale).',
  tags: ['pro'],
  params: OrganizerParams,
  responses: { 200: z.string().describe('text/csv'), ...proErrors },
});

export const exportAttendees = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/ticketings/:ticketingId/exports/attendees.csv',
  summary: 'Les participants d’une billetterie (un billet par ligne) en CSV pour un tableur français.',
  tags: ['pro'],
  params: SalesTicketingParams,
  responses: { 200: z.string().describe('text/csv'), ...proErrors },
});
