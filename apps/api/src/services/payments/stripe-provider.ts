/**
 * Stripe Checkout (PAYMENT_PROVIDER=stripe): the buyer pays on a Checkout Session Stripe hosts, one per
 * order; Stripe then tells us at `POST /payments/stripe/webhook`, whose body `parseWebhook` verifies and
 * reads. Every write carries an idempotency key derived from the order, so a retried call (ours or the
 * SDK's) never opens a second session nor refunds twice.
 */
import { PAYMENT_MESSAGES } from '@guichet/contracts';
import { parseRowId } from '@guichet/domain';
import Stripe from 'stripe';
import {
  InvalidNotificationError,
  type PayableOrder,
  type PaymentNotification,
  type PaymentProvider,
} from './provider.js';
import type { OrderLinks } from './signatures.js';

/** Stripe's own default, said out loud: a notification signed more than 5 minutes ago is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe refuses a Checkout Session that expires less than 30 minutes after its creation. */
const MIN_SESSION_LIFETIME_MS = 30 * 60 * 1000;
/** Room for the clocks of Stripe and of this server to disagree. */
const CLOCK_MARGIN_MS = 2 * 60 * 1000;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  siteUrl: string;
  links: OrderLinks;
  /** A client of our own (tests give one whose HTTP client never reaches the network). */
  client?: Stripe;
};

export type StripePaymentProvider = PaymentProvider & {
  readonly name: 'stripe';
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentNotification | null;
};

/**
 * When the session stops taking payments. Stripe wants at least 30 minutes, longer than our 15-minute
 * hold: a payment after the hold is a late payment, which `confirmPayment` accepts while the places are
 * still there and refunds otherwise. It is derived from the order's hold, not from the clock, so a second
 * call for the same order sends the same parameters and Stripe answers its idempotency key with the same
 * session (different parameters under one key would be refused).
 */
function sessionExpiry(order: PayableOrder, now: Date): number {
  const earliest = now.getTime() + MIN_SESSION_LIFETIME_MS + CLOCK_MARGIN_MS;
  const fromHold = order.expiresAt ? order.expiresAt.getTime() + MIN_SESSION_LIFETIME_MS + CLOCK_MARGIN_MS : 0;
  return Math.floor(Math.max(earliest, fromHold) / 1000);
}

/** The order a session names: its metadata first, the client reference otherwise; null if not one of ours. */
function orderIdOf(session: Stripe.Checkout.Session): number | null {
  const raw = session.metadata?.orderId ?? session.client_reference_id;
  return parseRowId(raw);
}

function notificationOf(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  outcome: PaymentNotification['outcome'],
): PaymentNotification | null {
  const orderId = orderIdOf(session);
  // A session another integration of the same Stripe account opened: not ours to act on.
  if (orderId === null) return null;
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  // A paid session in payment mode always has one; without it the payment could never be refunded, so
  // this fails loudly (500, which Stripe retries) rather than marking the order paid.
  if (!paymentIntent) throw new Error(`Stripe event ${event.id}: session ${session.id} has no payment_intent`);
  return {
    provider: 'stripe',
    eventId: event.id,
    providerPaymentId: paymentIntent,
    orderId,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    outcome,
    ...(outcome === 'FAILED' ? { failureMessage: PAYMENT_MESSAGES.declined } : {}),
  };
}

export function stripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = options.client ?? new Stripe(options.secretKey);

  return {
    name: 'stripe',

    async startPayment(order) {
      const lineTotal = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      // Stripe charges the sum of the lines: were it not the order's total, the payment would be refused
      // on arrival (amount check) after the buyer had paid. Better to stop before.
      if (lineTotal !== order.totalAmount)
        throw new Error(`Order ${order.id}: lines add up to ${lineTotal}, total is ${order.totalAmount}`);
      const orderId = String(order.id);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'eur',
          locale: 'fr',
          line_items: order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: { currency: 'eur', unit_amount: line.unitPrice, product_data: { name: line.title } },
          })),
          client_reference_id: orderId,
          metadata: { orderId, reference: order.reference },
          payment_intent_data: { metadata: { orderId, reference: order.reference } },
          // Stripe refuses an empty address: without one, the buyer types it on Stripe's page.
          ...(order.email ? { customer_email: order.email } : {}),
          success_url: `${options.siteUrl}/account/orders/${order.id}?paid=1`,
          cancel_url: `${options.siteUrl}/cart`,
          expires_at: sessionExpiry(order, new Date()),
        },
        { idempotencyKey: `order-${order.id}-checkout` },
      );
      if (!session.url) throw new Error(`Stripe gave no URL for the checkout session of order ${order.id}`);
      return { url: session.url };
    },

    async refund({ providerPaymentId, amount, idempotencyKey, refundId, attempts }) {
      const metadata = refundId === undefined ? undefined : { refundId: String(refundId) };
      // A retry may come after Stripe pruned the key (24 hours): the refund made by an earlier attempt is
      // then found by our id in its metadata, never made a second time.
      if (metadata && (attempts ?? 0) > 0) {
        for await (const made of stripe.refunds.list({ payment_intent: providerPaymentId, limit: 100 })) {
          if (made.metadata?.refundId === metadata.refundId && made.status !== 'failed' && made.status !== 'canceled')
            return { providerRefundId: made.id };
        }
      }
      const refund = await stripe.refunds.create(
        { payment_intent: providerPaymentId, amount, ...(metadata ? { metadata } : {}) },
        { idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },

    // A Checkout Session is not reopened from the order page: the buyer starts again from the cart.
    resumePath: () => null,

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new InvalidNotificationError('Stripe-Signature header missing');
      let event: Stripe.Event;
      try {
        // The raw bytes Stripe signed: a body parsed and serialised again would not match its signature.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new InvalidNotificationError(error instanceof Error ? error.message : 'invalid Stripe signature');
      }
      switch (event.type) {
        case 'checkout.session.completed':
          // 'unpaid' is a delayed method (a transfer) still on its way: async_payment_succeeded will follow.
          return event.data.object.payment_status === 'paid'
            ? notificationOf(event, event.data.object, 'SUCCEEDED')
            : null;
        case 'checkout.session.async_payment_succeeded':
          return notificationOf(event, event.data.object, 'SUCCEEDED');
        case 'checkout.session.async_payment_failed':
          return notificationOf(event, event.data.object, 'FAILED');
        default:
          return null;
      }
    },
  };
}
