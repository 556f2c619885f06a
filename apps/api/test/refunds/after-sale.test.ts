/**
 * The buyer's side after the sale, through the real API on PGlite: a deal's withdrawal (L221-18) within 14
 * days for unused vouchers, acknowledged at once by e-mail (L221-21) then refunded with its credit note;
 * refused after the deadline, for a used voucher or for a ticket; tickets e-mailed again (revoked ones left
 * out), three times an hour per order; someone else's order is not found.
 */
import { type CreatedOrder, DEMO_TEST_CARDS } from '@guichet/contracts';
import { withdrawalDeadline } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { readPdf } from '../documents/pdf-reader.js';
import { buy, CHECKOUT_FORM, ctx, insertProduct, insertUsers, useCheckoutApp } from '../orders/checkout-support.js';
import {
  emailOf,
  insertOfferProduct,
  mailsTo,
  newRequestId,
  outboxAttachment,
  settle,
  ticketIdsOf,
} from './support.js';

useCheckoutApp();

/** A deal bought and paid by a new buyer, `quantity` vouchers. */
async function buyVouchers(quantity: number) {
  const productID = await insertOfferProduct(4000);
  const [buyer] = await insertUsers(1);
  if (!buyer) throw new Error('buyer');
  const cart = await ctx().app.inject({
    method: 'POST',
    url: '/public/carts',
    headers: buyer.headers,
    payload: { cartItems: [{ quantity, product: { productID, productType: 'OFFER' } }] },
  });
  expect(cart.statusCode).toBe(201);
  const created = await ctx().app.inject({
    method: 'POST',
    url: '/orders',
    headers: buyer.headers,
    payload: { cartID: cart.json<{ cartID: string }>().cartID, ...CHECKOUT_FORM },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<CreatedOrder>();
  const session = decodeURIComponent(new URL(order.paymentUrl).searchParams.get('order') ?? '');
  const paid = await ctx().app.inject({
    method: 'POST',
    url: `/payments/demo/${encodeURIComponent(session)}/attempts`,
    payload: { cardNumber: DEMO_TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' },
  });
  expect(paid.statusCode).toBeLessThan(300);
  return { order, buyer };
}

const withdraw = (buyer: { id: number; headers: Record<string, string> }, orderId: number, ticketIds: number[]) =>
  ctx().app.inject({
    method: 'POST',
    url: `/account/${buyer.id}/orders/${orderId}/withdrawal`,
    headers: buyer.headers,
    payload: { requestId: newRequestId(), ticketIds },
  });

describe('withdrawing from a deal', () => {
  it('refunds unused vouchers within the period, acknowledged at once, and says until when in the order', async () => {
    const { order, buyer } = await buyVouchers(2);
    const mine = await ctx().app.inject({
      method: 'GET',
      url: `/account/${buyer.id}/orders/${order.orderID}`,
      headers: buyer.headers,
    });
    const detail = mine.json<{
      paidAt: string;
      items: { withdrawalUntil: string | null; tickets: { id: number; scannedAt: string | null }[] }[];
    }>();
    expect(detail.items[0]?.withdrawalUntil).toBe(withdrawalDeadline(new Date(detail.paidAt)).toISOString());
    const [first, second] = detail.items[0]?.tickets.map((ticket) => ticket.id) ?? [];

    // A used voucher is not withdrawn.
    await ctx().database.db.execute(sql`UPDATE ticket SET scanned_at = now() WHERE id = ${second}`);
    const used = await withdraw(buyer, order.orderID, [second ?? 0]);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      code: 'REFUND_REFUSED',
      message: 'Un bon déjà utilisé ne peut plus être rétracté.',
    });

    const response = await withdraw(buyer, order.orderID, [first ?? 0]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ reason: 'WITHDRAWAL', status: 'PENDING', amount: 4000 });
    await settle();
    const mails = await mailsTo(await emailOf(buyer.id));
    const acknowledged = mails.filter((mail) => mail.subject.startsWith('Nous avons bien reçu votre rétractation'));
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]?.text).toContain(
      'Nous avons bien reçu votre rétractation pour : Atelier poterie — Atelier pour un',
    );
    expect(mails.filter((mail) => mail.subject.startsWith('Remboursement de votre commande'))).toHaveLength(1);
    const after = await ctx().app.inject({
      method: 'GET',
      url: `/account/${buyer.id}/orders/${order.orderID}`,
      headers: buyer.headers,
    });
    expect(after.json()).toMatchObject({
      refunds: [{ reason: 'WITHDRAWAL', status: 'SUCCEEDED', creditNote: expect.stringMatching(/^AV-\d{6}$/) }],
    });
  });

  it('refuses it after the deadline, for a ticket, and for someone else', async () => {
    const { order, buyer } = await buyVouchers(1);
    const [voucher] = await ticketIdsOf(order.orderID);
    const [stranger] = await insertUsers(1);
    if (!stranger) throw new Error('stranger');
    const theirs = await ctx().app.inject({
      method: 'POST',
      url: `/account/${stranger.id}/orders/${order.orderID}/withdrawal`,
      headers: stranger.headers,
      payload: { requestId: newRequestId(), ticketIds: [voucher] },
    });
    expect(theirs.statusCode).toBe(404);

    // Paid 20 days ago: past the 14 days, whatever the calendar.
    await ctx().database.db.execute(
      sql`UPDATE "order" SET paid_at = now() - interval '20 days' WHERE id = ${order.orderID}`,
    );
    const late = await withdraw(buyer, order.orderID, [voucher ?? 0]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'REFUND_REFUSED',
      message: 'Le délai de rétractation de 14 jours est passé.',
    });

    const product = await insertProduct({ stock: 5, price: 2000 });
    const concert = await buy([{ productID: product.id, quantity: 1 }]);
    const [ticket] = await ticketIdsOf(concert.order.orderID);
    const notADeal = await withdraw(concert.buyer, concert.order.orderID, [ticket ?? 0]);
    expect(notADeal.statusCode).toBe(409);
    const count = await rowsOf<{ count: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS count FROM refund WHERE order_id IN (${order.orderID}, ${concert.order.orderID})`,
    );
    expect(count[0]?.count).toBe(0);
  });
});

describe('tickets e-mailed again', () => {
  it('sends the valid tickets only, three times an hour per order', async () => {
    const product = await insertProduct({ stock: 5, price: 2000 });
    const { order, buyer } = await buy([{ productID: product.id, quantity: 2 }]);
    const resend = () =>
      ctx().app.inject({
        method: 'POST',
        url: `/account/${buyer.id}/orders/${order.orderID}/resend-tickets`,
        headers: buyer.headers,
      });
    // One of the two refunded meanwhile (by the organiser): it never leaves again.
    const [revoked] = await ticketIdsOf(order.orderID);
    await ctx().database.db.execute(
      sql`UPDATE ticket SET revoked_at = now(), revoked_reason = 'ORGANIZER' WHERE id = ${revoked}`,
    );
    const first = await resend();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ email: await emailOf(buyer.id) });
    const mails = (await mailsTo(await emailOf(buyer.id))).filter((mail) => mail.subject.endsWith('(nouvel envoi)'));
    expect(mails).toHaveLength(1);
    const fileName = mails[0]?.attachments?.[0] ?? '';
    expect(fileName).toMatch(/^billets-GU-.*\.pdf$/);
    const pages = await readPdf(await outboxAttachment(mails[0]?.id ?? '', fileName));
    expect(pages).toHaveLength(1);
    expect((await resend()).statusCode).toBe(202);
    expect((await resend()).statusCode).toBe(202);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(fourth.headers['retry-after']).toBeDefined();

    const [stranger] = await insertUsers(1);
    const theirs = await ctx().app.inject({
      method: 'POST',
      url: `/account/${stranger?.id}/orders/${order.orderID}/resend-tickets`,
      headers: stranger?.headers ?? {},
    });
    expect(theirs.statusCode).toBe(404);
    await settle();
  });
});
