/**
 * Payment providers behind one interface (PAYMENT_PROVIDER): `demo`, the default, needs no set-up and
 * pays with test cards on the site's own hosted page; `stripe` uses Stripe Checkout when STRIPE_SECRET_KEY
 * and STRIPE_WEBHOOK_SECRET are set. Whatever the provider, an accepted payment reaches the order through
 * one door, `confirmPayment` (confirm.ts), with the provider's event id as its idempotency key.
 */

/** The order as a provider needs it to take its payment. */
export type PayableOrder = {
  id: number;
  reference: string;
  totalAmount: number;
  currency: 'EUR';
  email: string;
  expiresAt: Date | null;
  lines: readonly { title: string; unitPrice: number; quantity: number }[];
};

/** What a provider tells us happened to a payment, once its notification has been verified. */
export type PaymentNotification = {
  provider: string;
  /** Unique per event at the provider: the idempotency key of its handling. */
  eventId: string;
  /** The provider's id of the payment (unique per provider). */
  providerPaymentId: string;
  orderId: number;
  amount: number;
  currency: string;
  outcome: 'SUCCEEDED' | 'FAILED';
  /** French, as the buyer is told, for a FAILED payment. */
  failureMessage?: string;
};

/**
 * A refund asked of the provider. `idempotencyKey` makes it once however often it is asked (a retry after a
 * crash, two workers): `guichet-refund-<refund id>` for a refund of ours, the late payment's own key
 * (`order-<id>-refund-<payment>`) for confirm.ts. `refundId` and `attempts`, when given, let a provider
 * whose keys expire (Stripe prunes them after 24 hours) look for the refund it already made before retrying.
 */
export type RefundRequest = {
  providerPaymentId: string;
  amount: number;
  idempotencyKey: string;
  refundId?: number;
  attempts?: number;
};

export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  /** Where the buyer pays the order, always opened top-level (never inside an iframe). */
  startPayment(order: PayableOrder): Promise<{ url: string }>;
  /**
   * Gives back some or all of a payment (a late payment whose places were sold meanwhile, a refund of some
   * tickets, a cancelled event); the provider's id of the refund.
   */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /**
   * Where the buyer can go back to pay a pending order from the site (its order page), or null when the
   * provider's page cannot be reopened that way (Stripe: the checkout starts again from the cart).
   */
  resumePath(orderId: number): string | null;
  /**
   * A provider that notifies by webhook: the notification its raw body and signature header carry, null for
   * an event we do not act on (acknowledged all the same). Throws InvalidNotificationError when the
   * signature is missing, wrong or too old.
   */
  parseWebhook?(rawBody: Buffer, signatureHeader: string | undefined): PaymentNotification | null;
}

/** A notification whose signature is missing, wrong or too old: answered 400, never acted on. */
export class InvalidNotificationError extends Error {}
