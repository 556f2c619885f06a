/**
 * The demo provider: the buyer pays on the site's own hosted page (`/payment?order=<session>`), with the
 * test cards of DEMO_TEST_CARDS. Its card endpoints (routes/payments/demo.ts) play the bank and then notify
 * the order through `confirmPayment`, as a real provider's webhook would. It moves no money: a refund is
 * written to the demo bank's ledger (`demo_refund`), once per idempotency key, so that the demo and the tests
 * can see that a refund asked twice was made once.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { demoRefunds } from '../../db/schema.js';
import type { PaymentProvider } from './provider.js';
import type { OrderLinks } from './signatures.js';

/** The demo bank's id of a refund: derived from its key, so asking again answers the same id. */
export const demoRefundId = (idempotencyKey: string) =>
  `demo_re_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;

export function demoProvider(siteUrl: string, links: OrderLinks, db: Database): PaymentProvider {
  return {
    name: 'demo',
    async startPayment(order) {
      return { url: `${siteUrl}${links.paymentPath(order.id)}` };
    },
    async refund({ providerPaymentId, amount, idempotencyKey }) {
      const providerRefundId = demoRefundId(idempotencyKey);
      await db
        .insert(demoRefunds)
        .values({ idempotencyKey, providerPaymentId, providerRefundId, amount })
        .onConflictDoNothing({ target: demoRefunds.idempotencyKey });
      return { providerRefundId };
    },
    resumePath: (orderId) => links.paymentPath(orderId),
  };
}
