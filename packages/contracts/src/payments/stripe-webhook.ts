/**
 * Stripe's webhook (PAYMENT_PROVIDER=stripe): Stripe posts its events here, signed in the Stripe-Signature
 * header over the raw body. The body is Stripe's event JSON as sent, read as bytes rather than through a
 * schema (re-serialised, it would no longer match its signature), so the contract declares none.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';

export const STRIPE_WEBHOOK_MESSAGES = {
  invalidSignature: 'Signature de notification invalide.',
  busy: 'Service momentanément indisponible : la notification sera traitée à sa prochaine livraison.',
} as const;

export const StripeWebhookReceipt = z
  .object({ received: z.literal(true) })
  .meta({ id: 'StripeWebhookReceipt', description: 'La notification est prise en compte (ou ignorée).' });

export const receiveStripeWebhook = defineEndpoint({
  method: 'POST',
  path: '/payments/stripe/webhook',
  summary:
    'Notifications de Stripe (corps JSON brut de l’événement, signé dans l’en-tête Stripe-Signature) : paiement réussi ou refusé.',
  tags: ['payments'],
  responses: {
    200: StripeWebhookReceipt,
    400: ErrorAnswer.describe(`INVALID_SIGNATURE : ${STRIPE_WEBHOOK_MESSAGES.invalidSignature}`),
    404: ErrorAnswer.describe('ROUTE_NOT_FOUND : le fournisseur de paiement n’est pas Stripe.'),
    503: ErrorAnswer.describe(`SERVICE_UNAVAILABLE : ${STRIPE_WEBHOOK_MESSAGES.busy}`),
  },
});
