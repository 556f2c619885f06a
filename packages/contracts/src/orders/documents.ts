/**
 * An order's documents as PDF files: its tickets and vouchers (one page each, with the QR code) and its
 * invoice. Either the order's owner asks (Authorization: Bearer) or whoever holds the signed link of the
 * confirmation e-mail (`?sig=`); anyone else gets 403. Only a paid order has documents.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { text } from '../text.js';
import { OrderStatus } from './list-orders.js';

export const DOCUMENT_KINDS = ['tickets', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_MESSAGES = {
  forbidden: 'Ce lien de téléchargement n’est pas valide : connectez-vous avec le compte de la commande.',
  notPaid: 'Les billets sont disponibles une fois la commande payée.',
} as const;

export const DocumentParams = z.object({
  orderID: pathId('L’identifiant de commande'),
  kind: z.enum(DOCUMENT_KINDS).describe('tickets : les billets et bons ; invoice : la facture.'),
});

export const DocumentQuery = z.object({
  sig: text({ max: 200, asTyped: true, required: false })
    .optional()
    .describe('Signature du lien reçu par e-mail ; inutile avec le jeton du propriétaire.'),
});

export const getOrderDocument = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderID/documents/:kind',
  summary: 'Billets ou facture d’une commande payée, en PDF (propriétaire ou lien signé).',
  tags: ['orders'],
  params: DocumentParams,
  query: DocumentQuery,
  responses: {
    200: z.string().describe('application/pdf'),
    400: ErrorAnswer,
    403: ErrorAnswer.describe(DOCUMENT_MESSAGES.forbidden),
    404: ErrorAnswer.describe('Commande introuvable.'),
    409: ErrorAnswer.describe(`ORDER_NOT_PAYABLE : ${DOCUMENT_MESSAGES.notPaid}`),
  },
});

/** What the download page shows before its two links: the order's public reference, whether it is paid. */
export const OrderDownload = z
  .object({
    reference: z.string().describe('Référence publique de la commande, ex. GU-2026-001004.'),
    status: OrderStatus,
  })
  .meta({ id: 'OrderDownload', description: 'La commande d’un lien de téléchargement.' });
export type OrderDownload = z.infer<typeof OrderDownload>;

export const getOrderDownload = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderID/download',
  summary: 'La commande d’un lien de téléchargement (propriétaire ou lien signé) : sa référence et son statut.',
  tags: ['orders'],
  params: DocumentParams.pick({ orderID: true }),
  query: DocumentQuery,
  responses: {
    200: OrderDownload,
    400: ErrorAnswer,
    403: ErrorAnswer.describe(DOCUMENT_MESSAGES.forbidden),
    404: ErrorAnswer.describe('Commande introuvable.'),
  },
});
