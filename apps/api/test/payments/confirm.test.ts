/**
 * Paying an order: the demo provider's hosted page (test cards, 3-D Secure), and the one door every
 * provider's notification goes through, `confirmPayment` — idempotent under concurrent copies, never
 * keeping money without tickets, numbering invoices without gaps.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type CreatedOrder, DEMO_TEST_CARDS, PAYMENT_MESSAGES, type PaymentSession } from '@guichet/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cartItems,
  orderItems,
  orders,
  paymentEvents,
  payments,
  productHolds,
  tickets,
  users,
} from '../../src/db/schema.js';
import { releaseExpiredHolds } from '../../src/services/checkout/holds.js';
import { TICKET_CODE_PATTERN } from '../../src/services/documents/codes.js';
import { confirmPayment, type PaymentDeps } from '../../src/services/payments/confirm.js';
import type { PaymentNotification, PaymentProvider, RefundRequest } from '../../src/services/payments/provider.js';
import {
  age,
  apiCart,
  checkout,
  ctx,
  insertProduct,
  insertUsers,
  MANY,
  productRow,
  statusOf,
  useCheckoutApp,
} from '../orders/checkout-support.js';

useCheckoutApp();

/** A provider that records the refunds asked of it. */
/** A provider that records the refunds asked of it; the first `failures` refunds fail, as a network would. */
function recordingProvider(failures = 0): PaymentProvider & { refunds: RefundRequest[] } {
  const refunds: RefundRequest[] = [];
  let failing = failures;
  return {
    name: 'demo',
    refunds,
    startPayment: async () => ({ url: 'http://localhost:3000/payment' }),
    refund: async (request) => {
      if (failing-- > 0) throw new Error('provider unreachable');
      refunds.push(request);
      return { providerRefundId: `re_${refunds.length}` };
    },
    resumePath: () => null,
  };
}

function depsWith(provider: PaymentProvider): PaymentDeps {
  const { app } = ctx();
  return { db: ctx().database.db, mailer: app.mailer, payments: provider, links: app.orderLinks, siteUrl: 'http://x' };
}

/** An order of `quantity` places of a new product of `stock`, held for a new buyer. */
async function pendingOrder({ stock = 10, quantity = 1, price = 2500 } = {}) {
  const product = await insertProduct({ stock, price });
  const [buyer] = await insertUsers(1);
  if (!buyer) throw new Error('user missing');
  const cartID = await apiCart([{ productID: product.id, quantity }], buyer.headers);
  const response = await checkout(cartID, buyer.headers);
  expect(response.statusCode).toBe(201);
  const order = response.json<CreatedOrder>();
  const session = decodeURIComponent(new URL(order.paymentUrl).searchParams.get('order') ?? '');
  return { product, buyer, cartID, order, session };
}

const notification = (orderId: number, amount: number, overrides: Partial<PaymentNotification> = {}) =>
  ({
    provider: 'test',
    eventId: `evt_${orderId}`,
    providerPaymentId: `pay_${orderId}`,
    orderId,
    amount,
    currency: 'EUR',
    outcome: 'SUCCEEDED',
    ...overrides,
  }) satisfies PaymentNotification;

const pay = (session: string, cardNumber: string) =>
  ctx().app.inject({
    method: 'POST',
    url: `/payments/demo/${encodeURIComponent(session)}/attempts`,
    payload: { cardNumber, expiry: '12/34', cvc: '123' },
  });

async function ticketsOf(orderId: number) {
  return ctx()
    .database.db.select({ code: tickets.code, holderName: tickets.holderName })
    .from(tickets)
    .innerJoin(orderItems, eq(orderItems.id, tickets.orderItemId))
    .where(eq(orderItems.orderId, orderId));
}

async function orderRow(orderId: number) {
  const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} missing`);
  return row;
}

/** The mails written to this app's outbox addressed to `to`. */
function mailsTo(to: string): number {
  const folder = ctx().env.MAIL_OUTBOX_DIR;
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  return files.filter((name) => {
    return (JSON.parse(readFileSync(`${folder}/${name}`, 'utf8')) as { to: string }).to === to;
  }).length;
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await ctx().database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

describe('the demo payment page', () => {
  it('shows the merchant, the reference, the lines and the amount of the session’s order', async () => {
    const { order, session } = await pendingOrder({ quantity: 2, price: 1800 });
    const response = await ctx().app.inject({ method: 'GET', url: `/payments/demo/${encodeURIComponent(session)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<PaymentSession>()).toMatchObject({
      orderID: order.orderID,
      reference: order.reference,
      merchant: 'Guichet SAS',
      totalAmount: 3600,
      status: 'PENDING',
      expiresAt: order.expiresAt,
      lines: [{ title: order.items[0]?.title, quantity: 2, lineTotal: 3600 }],
      returnPath: `/account/orders/${order.orderID}?paid=1`,
      cancelPath: '/cart',
    });
  });

  it('answers 404 to a forged session, another order’s signature and a malformed one', async () => {
    const first = await pendingOrder();
    const second = await pendingOrder();
    const signature = second.session.split('.')[1];
    for (const session of [
      `${first.order.orderID}.${signature}`,
      `${first.order.orderID}.x`,
      'abc',
      `${first.session}x`,
    ]) {
      const response = await ctx().app.inject({ method: 'GET', url: `/payments/demo/${encodeURIComponent(session)}` });
      expect(response.statusCode, session).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: PAYMENT_MESSAGES.unknownSession });
      expect((await pay(session, DEMO_TEST_CARDS.succeeds)).statusCode).toBe(404);
    }
    expect(await statusOf(first.order.orderID)).toBe('PENDING');
  });

  it('declines 4000 0000 0000 0002 in French and leaves the order payable; 4242… then pays it once', async () => {
    const { order, session, product, buyer, cartID } = await pendingOrder({ quantity: 2 });
    const declined = await pay(session, DEMO_TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ statusCode: 402, code: 'PAYMENT_DECLINED', message: PAYMENT_MESSAGES.declined });
    expect(await statusOf(order.orderID)).toBe('PENDING');
    expect((await productRow(product.id)).reserved).toBe(2);

    const paid = await pay(session, DEMO_TEST_CARDS.succeeds);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ outcome: 'SUCCEEDED', returnPath: `/account/orders/${order.orderID}?paid=1` });

    const row = await orderRow(order.orderID);
    expect(row).toMatchObject({ status: 'PAID', paymentProvider: 'demo' });
    expect(row.invoiceNumber).toBeGreaterThan(0);
    expect(row.paidAt).not.toBeNull();
    expect(await productRow(product.id)).toMatchObject({ sold: 2, reserved: 0 });
    const issued = await ticketsOf(order.orderID);
    expect(issued).toHaveLength(2);
    for (const ticket of issued) expect(ticket.code).toMatch(TICKET_CODE_PATTERN);
    expect(new Set(issued.map((ticket) => ticket.code)).size).toBe(2);
    // Two attempts, two rows: the declined one and the one that paid.
    const attempts = await ctx()
      .database.db.select({ status: payments.status, failureMessage: payments.failureMessage })
      .from(payments)
      .where(eq(payments.orderId, order.orderID));
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(['FAILED', 'SUCCEEDED']);
    expect(attempts.find((attempt) => attempt.status === 'FAILED')?.failureMessage).toBe(PAYMENT_MESSAGES.declined);
    // The ordered line left the cart.
    expect(await ctx().database.db.select().from(cartItems).where(eq(cartItems.cartId, cartID))).toEqual([]);
    expect(mailsTo(await emailOf(buyer.id))).toBe(1);

    const again = await pay(session, DEMO_TEST_CARDS.succeeds);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: PAYMENT_MESSAGES.alreadyPaid });
    expect(await ticketsOf(order.orderID)).toHaveLength(2);
  });

  it('asks 4000 0027 6000 3184 for a 3-D Secure step: refused it declines, confirmed it pays', async () => {
    const { order, session } = await pendingOrder();
    const challenge = (path: string, payload: object) =>
      ctx().app.inject({ method: 'POST', url: `/payments/demo/${encodeURIComponent(session)}/${path}`, payload });

    const first = await pay(session, DEMO_TEST_CARDS.threeDSecure);
    expect(first.statusCode).toBe(200);
    const { outcome, challenge: token } = first.json<{ outcome: string; challenge: string }>();
    expect(outcome).toBe('REQUIRES_ACTION');
    expect(await statusOf(order.orderID)).toBe('PENDING');
    const refused = await challenge('challenge', { challenge: token, approve: false });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: PAYMENT_MESSAGES.challengeRefused });
    // A challenge is answered once.
    expect((await challenge('challenge', { challenge: token, approve: true })).statusCode).toBe(404);

    const second = (await pay(session, DEMO_TEST_CARDS.threeDSecure)).json<{ challenge: string }>();
    expect((await challenge('challenge', { challenge: 'demo_pay_unknown', approve: true })).statusCode).toBe(404);
    const confirmed = await challenge('challenge', { challenge: second.challenge, approve: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ outcome: 'SUCCEEDED' });
    expect(await statusOf(order.orderID)).toBe('PAID');
  });

  it('refuses cards that are not test cards, and a card number that fails its checksum, in French', async () => {
    const { order, session } = await pendingOrder();
    const other = await pay(session, '5555 5555 5555 4444');
    expect(other.statusCode).toBe(402);
    expect(other.json()).toMatchObject({ message: PAYMENT_MESSAGES.testCardsOnly });
    const typo = await pay(session, '4242 4242 4242 4241');
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['cardNumber'] }] });
    expect(await statusOf(order.orderID)).toBe('PENDING');
  });

  it('takes no payment once the places were released, and says so', async () => {
    const { order, session, product } = await pendingOrder({ quantity: 3 });
    await age(order.orderID, 16);
    await releaseExpiredHolds(ctx().database.db);
    const response = await pay(session, DEMO_TEST_CARDS.succeeds);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: PAYMENT_MESSAGES.expired });
    expect(await productRow(product.id)).toMatchObject({ sold: 0, reserved: 0 });
    const page = await ctx().app.inject({ method: 'GET', url: `/payments/demo/${encodeURIComponent(session)}` });
    expect(page.json()).toMatchObject({ status: 'EXPIRED' });
  });
});

describe('confirmPayment, the one door of notifications', () => {
  it(
    'marks the order paid once, issues one set of tickets and sends one e-mail for 50 copies at once',
    MANY,
    async () => {
      const { order, product, buyer } = await pendingOrder({ quantity: 3 });
      const provider = recordingProvider();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => confirmPayment(depsWith(provider), notification(order.orderID, 7500))),
      );
      const outcomes = results.map((result) => result.outcome);
      expect(outcomes.filter((outcome) => outcome === 'PAID')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'ALREADY_HANDLED')).toHaveLength(49);
      expect(await ticketsOf(order.orderID)).toHaveLength(3);
      expect(await productRow(product.id)).toMatchObject({ sold: 3, reserved: 0 });
      const rows = await ctx().database.db.select().from(payments).where(eq(payments.orderId, order.orderID));
      expect(rows).toHaveLength(1);
      expect(
        await ctx()
          .database.db.select()
          .from(paymentEvents)
          .where(and(eq(paymentEvents.provider, 'test'), eq(paymentEvents.eventId, `evt_${order.orderID}`))),
      ).toHaveLength(1);
      expect(mailsTo(await emailOf(buyer.id))).toBe(1);
      expect(provider.refunds).toEqual([]);
    },
  );

  it('pays once when different events about the same payment race (Stripe sends several)', MANY, async () => {
    const { order } = await pendingOrder({ quantity: 1 });
    const provider = recordingProvider();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        confirmPayment(
          depsWith(provider),
          notification(order.orderID, 2500, { eventId: `evt_${order.orderID}_${index}` }),
        ),
      ),
    );
    expect(results.filter((result) => result.outcome === 'PAID')).toHaveLength(1);
    expect(await ticketsOf(order.orderID)).toHaveLength(1);
    expect(provider.refunds).toEqual([]);
  });

  it('numbers invoices without a gap, even when a payment is rolled back', async () => {
    const first = await pendingOrder();
    const second = await pendingOrder();
    const provider = recordingProvider();
    await confirmPayment(depsWith(provider), notification(first.order.orderID, 2500));
    // A payment for an order that does not exist takes no number.
    expect((await confirmPayment(depsWith(provider), notification(2_000_000, 2500))).outcome).toBe('REJECTED');
    await confirmPayment(depsWith(provider), notification(second.order.orderID, 2500));
    const a = (await orderRow(first.order.orderID)).invoiceNumber ?? 0;
    const b = (await orderRow(second.order.orderID)).invoiceNumber ?? 0;
    expect(b).toBe(a + 1);
  });

  it('refunds a late payment whose places were sold meanwhile, tells the buyer, issues nothing', async () => {
    const { order, product, buyer } = await pendingOrder({ stock: 2, quantity: 2 });
    await age(order.orderID, 16);
    await releaseExpiredHolds(ctx().database.db);
    expect(await statusOf(order.orderID)).toBe('EXPIRED');
    // Someone else buys the two places.
    const [other] = await insertUsers(1);
    if (!other) throw new Error('user missing');
    const otherCart = await apiCart([{ productID: product.id, quantity: 2 }], other.headers);
    expect((await checkout(otherCart, other.headers)).statusCode).toBe(201);

    const provider = recordingProvider();
    const result = await confirmPayment(depsWith(provider), notification(order.orderID, 5000));
    expect(result.outcome).toBe('REFUNDED');
    expect(provider.refunds).toEqual([
      {
        providerPaymentId: `pay_${order.orderID}`,
        amount: 5000,
        idempotencyKey: `order-${order.orderID}-refund-pay_${order.orderID}`,
      },
    ]);
    expect(await statusOf(order.orderID)).toBe('EXPIRED');
    expect(await ticketsOf(order.orderID)).toEqual([]);
    expect(await productRow(product.id)).toMatchObject({ sold: 0, reserved: 2 });
    const [row] = await ctx().database.db.select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(row?.status).toBe('REFUNDED');
    expect(mailsTo(await emailOf(buyer.id))).toBe(1);
  });

  it('owes a refund the provider failed to make until a copy of the notification gets it made, once', async () => {
    const { order, product, buyer } = await pendingOrder({ stock: 1, quantity: 1 });
    await age(order.orderID, 16);
    await releaseExpiredHolds(ctx().database.db);
    const [other] = await insertUsers(1);
    if (!other) throw new Error('user missing');
    const otherCart = await apiCart([{ productID: product.id, quantity: 1 }], other.headers);
    expect((await checkout(otherCart, other.headers)).statusCode).toBe(201);

    const provider = recordingProvider(1);
    const late = notification(order.orderID, 2500);
    // The provider is told it failed (an error answer), so it delivers the notification again.
    await expect(confirmPayment(depsWith(provider), late)).rejects.toThrow('provider unreachable');
    const [owed] = await ctx().database.db.select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(owed).toMatchObject({ status: 'REFUNDED', refundedAt: null });
    expect(mailsTo(await emailOf(buyer.id))).toBe(0);

    expect((await confirmPayment(depsWith(provider), late)).outcome).toBe('ALREADY_HANDLED');
    expect(provider.refunds).toHaveLength(1);
    const [settled] = await ctx().database.db.select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(settled?.refundedAt).not.toBeNull();
    expect(mailsTo(await emailOf(buyer.id))).toBe(1);
    // Delivered once more: nothing left to give back, nobody written to again.
    await confirmPayment(depsWith(provider), late);
    expect(provider.refunds).toHaveLength(1);
    expect(mailsTo(await emailOf(buyer.id))).toBe(1);
  });

  it('accepts a late payment when its places are still there', async () => {
    const { order, product } = await pendingOrder({ stock: 5, quantity: 2 });
    await age(order.orderID, 16);
    await releaseExpiredHolds(ctx().database.db);
    const provider = recordingProvider();
    expect((await confirmPayment(depsWith(provider), notification(order.orderID, 5000))).outcome).toBe('PAID');
    expect(await productRow(product.id)).toMatchObject({ sold: 2, reserved: 0 });
    expect(await ticketsOf(order.orderID)).toHaveLength(2);
    expect(provider.refunds).toEqual([]);
  });

  it('pays a hold that expired but was not released yet: its places were never given away', async () => {
    const { order, product } = await pendingOrder({ stock: 2, quantity: 2 });
    await age(order.orderID, 16);
    const provider = recordingProvider();
    expect((await confirmPayment(depsWith(provider), notification(order.orderID, 5000))).outcome).toBe('PAID');
    expect(await productRow(product.id)).toMatchObject({ sold: 2, reserved: 0 });
    const [hold] = await ctx().database.db.select().from(productHolds).where(eq(productHolds.orderId, order.orderID));
    expect(hold?.releasedAt).not.toBeNull();
  });

  it('refunds a payment of the wrong amount or currency, and a second payment of a paid order', async () => {
    const { order } = await pendingOrder();
    const provider = recordingProvider();
    const deps = depsWith(provider);
    expect(
      (await confirmPayment(deps, notification(order.orderID, 100, { eventId: 'a', providerPaymentId: 'p1' }))).outcome,
    ).toBe('REFUNDED');
    expect(
      (
        await confirmPayment(
          deps,
          notification(order.orderID, 2500, { eventId: 'b', providerPaymentId: 'p2', currency: 'USD' }),
        )
      ).outcome,
    ).toBe('REFUNDED');
    expect(await statusOf(order.orderID)).toBe('PENDING');
    expect(
      (await confirmPayment(deps, notification(order.orderID, 2500, { eventId: 'c', providerPaymentId: 'p3' })))
        .outcome,
    ).toBe('PAID');
    expect(
      (await confirmPayment(deps, notification(order.orderID, 2500, { eventId: 'd', providerPaymentId: 'p4' })))
        .outcome,
    ).toBe('REFUNDED');
    expect(provider.refunds.map((refund) => refund.providerPaymentId)).toEqual(['p1', 'p2', 'p4']);
    expect(await ticketsOf(order.orderID)).toHaveLength(1);
  });

  it('records a declined payment and changes nothing else', async () => {
    const { order, product } = await pendingOrder({ quantity: 1 });
    const provider = recordingProvider();
    const result = await confirmPayment(
      depsWith(provider),
      notification(order.orderID, 2500, { outcome: 'FAILED', failureMessage: PAYMENT_MESSAGES.declined }),
    );
    expect(result.outcome).toBe('FAILED');
    expect(await statusOf(order.orderID)).toBe('PENDING');
    expect(await productRow(product.id)).toMatchObject({ sold: 0, reserved: 1 });
  });
});

describe('POST /dev/orders/:orderID/expire', () => {
  it('releases an order’s places at once for the machine itself, and is a 404 for anyone else', async () => {
    const { order, product } = await pendingOrder({ quantity: 2 });
    const url = `/dev/orders/${order.orderID}/expire`;
    const outsider = await ctx().app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9' });
    expect(outsider.statusCode).toBe(404);
    expect(await statusOf(order.orderID)).toBe('PENDING');
    const response = await ctx().app.inject({ method: 'POST', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ expiredOrders: 1 });
    expect(await statusOf(order.orderID)).toBe('EXPIRED');
    expect((await productRow(product.id)).reserved).toBe(0);
  });
});
