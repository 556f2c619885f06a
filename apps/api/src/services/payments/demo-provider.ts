/**
 * The demo provider: the buyer pays on the site's own hosted page (`/payment?order=<session>`), with the
 * test cards of DEMO_TEST_CARDS. Its card endpoints (routes/payments/demo.ts) play the bank and then notify
 * the order through `confirmPayment`, as a real provider's webhook would. It moves no money, so a refund
 * only has to be recorded, which `confirmPayment` does.
 */
import type { PaymentProvider } from './provider.js';
import type { OrderLinks } from './signatures.js';

export function demoProvider(siteUrl: string, links: OrderLinks): PaymentProvider {
  return {
    name: 'demo',
    async startPayment(order) {
      return { url: `${siteUrl}${links.paymentPath(order.id)}` };
    },
    async refund() {},
    resumePath: (orderId) => links.paymentPath(orderId),
  };
}
