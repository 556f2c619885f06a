/**
 * An organiser refunds tickets of an order, through the real API on PGlite with the demo bank: the ticket is
 * revoked and its place back on sale at once, the dashboard loses it, then the worker has the bank pay back,
 * numbers the credit note (AV-000001) and mails it. A form sent twice refunds once; two refunds of one ticket
 * at once, once; a scanner may not refund, another organiser's order is not found.
 */
import { type ProOrderDetail, type ProRefund, REFUND_MESSAGES } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { readPdf } from '../documents/pdf-reader.js';
import { insertConcert } from '../helpers.js';
import { buy, ctx, insertProduct, productRow, ticketingId, useCheckoutApp } from '../orders/checkout-support.js';
import { emailOf, mailsTo, newRequestId, organizerOf, proMember, settle, ticketIdsOf } from './support.js';

useCheckoutApp();

let organizerId: number;
const staff: Record<'OWNER' | 'MANAGER' | 'SCANNER' | 'OUTSIDER', Record<string, string>> = {
  OWNER: {},
  MANAGER: {},
  SCANNER: {},
  OUTSIDER: {},
};

beforeAll(async () => {
  organizerId = await organizerOf(ticketingId);
  const other = await insertConcert(ctx().database.db, { title: 'Bal des autres' });
  staff.OWNER = await proMember(organizerId, 'OWNER');
  staff.MANAGER = await proMember(organizerId, 'MANAGER');
  staff.SCANNER = await proMember(organizerId, 'SCANNER');
  staff.OUTSIDER = await proMember(other.organizerId, 'OWNER');
});

const base = () => `/pro/organizers/${organizerId}`;
const refund = (orderId: number, body: object, headers = staff.OWNER, organizer = organizerId) =>
  ctx().app.inject({
    method: 'POST',
    url: `/pro/organizers/${organizer}/orders/${orderId}/refunds`,
    headers,
    payload: body,
  });
const proOrder = async (orderId: number) =>
  (
    await ctx().app.inject({ method: 'GET', url: `${base()}/orders/${orderId}`, headers: staff.OWNER })
  ).json<ProOrderDetail>();

type Dashboard = { totals: { sold: number; revenueInclVat: number } };

async function countRefunds(orderId: number) {
  const [row] = await rowsOf<{ count: number }>(
    ctx().database.db,
    sql`SELECT count(*)::int AS count FROM refund WHERE order_id = ${orderId}`,
  );
  return row?.count ?? 0;
}

describe('refunding tickets of an order', () => {
  it('revokes one ticket of two, puts its place back on sale, then refunds it with credit note AV-000001, mailed', async () => {
    const concert = await insertConcert(ctx().database.db, { title: 'Récital de harpe', organizerId });
    const product = await insertProduct({ stock: 10, price: 3000, ticketing: concert.id });
    const { order, buyer } = await buy([{ productID: product.id, quantity: 2 }]);
    const dashboard = () =>
      ctx()
        .app.inject({ method: 'GET', url: `${base()}/ticketings/${concert.id}/dashboard`, headers: staff.OWNER })
        .then((response) => response.json<Dashboard>());
    const before = await dashboard();
    expect(before.totals).toMatchObject({ sold: 2, revenueInclVat: 6000 });
    const [first, second] = (await proOrder(order.orderID)).lines[0]?.tickets ?? [];
    if (!first || !second) throw new Error('two tickets expected');

    const response = await refund(order.orderID, { requestId: newRequestId(), ticketIds: [first.id] });
    expect(response.statusCode).toBe(202);
    expect(response.json<ProRefund>()).toMatchObject({
      reason: 'ORGANIZER',
      status: 'PENDING',
      amount: 3000,
      creditNote: null,
      ticketCodes: [first.code],
    });
    // At once, before the bank: the ticket no longer lets anyone in, its place is on sale again.
    expect((await productRow(product.id)).sold).toBe(1);
    expect((await dashboard()).totals).toMatchObject({ sold: 1, revenueInclVat: 3000 });

    await settle();
    const detail = await proOrder(order.orderID);
    expect(detail.lines[0]?.tickets.map((ticket) => [ticket.code, ticket.revokedReason])).toEqual([
      [first.code, 'ORGANIZER'],
      [second.code, null],
    ]);
    expect(detail.status).toBe('PAID');
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        status: 'SUCCEEDED',
        amount: 3000,
        creditNote: 'AV-000001',
        refundedAt: expect.any(String),
      }),
    ]);
    const refundId = detail.refunds[0]?.id;
    const bank = await rowsOf<{ idempotency_key: string; amount: number }>(
      ctx().database.db,
      sql`SELECT idempotency_key, amount FROM demo_refund WHERE idempotency_key = ${`guichet-refund-${refundId}`}`,
    );
    expect(bank).toEqual([{ idempotency_key: `guichet-refund-${refundId}`, amount: 3000 }]);

    const pdf = await ctx().app.inject({
      method: 'GET',
      url: `${base()}/orders/${order.orderID}/credit-notes/1`,
      headers: staff.OWNER,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).map((page) => page.text).join('\n');
    expect(text).toContain('Avoir AV-000001');
    expect(text).toMatch(/Se rapporte à la facture FAC-\d{6} du/);
    expect(text).toContain('Motif : Remboursement par l’organisateur');
    // The refunded line and its VAT, negative: 30 € with 5,5 % VAT (a concert in France).
    expect(text).toContain('Récital de harpe — Tarif');
    expect(text).toContain('TVA 5,5 % sur -28,44 € HT -1,56 €');
    expect(text).toContain('Total TTC -30 €');

    const mails = await mailsTo(await emailOf(buyer.id));
    const refundMails = mails.filter((mail) => mail.subject === `Remboursement de votre commande ${detail.reference}`);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.attachments).toEqual(['avoir-AV-000001.pdf']);
    expect(refundMails[0]?.text).toMatch(/Nous vous avons remboursé 30\s€/);

    // The buyer sees it too, with a signed link to the credit note that needs no login.
    const mine = await ctx().app.inject({
      method: 'GET',
      url: `/account/${buyer.id}/orders/${order.orderID}`,
      headers: buyer.headers,
    });
    const answer = mine.json<{
      refunds: { creditNote: string; creditNotePath: string }[];
      items: { tickets: { revokedReason: string | null }[] }[];
    }>();
    expect(answer.refunds).toEqual([expect.objectContaining({ status: 'SUCCEEDED', creditNote: 'AV-000001' })]);
    expect(answer.items[0]?.tickets.map((ticket) => ticket.revokedReason)).toEqual(['ORGANIZER', null]);
    const signed = await ctx().app.inject({ method: 'GET', url: answer.refunds[0]?.creditNotePath ?? '' });
    expect(signed.statusCode).toBe(200);
    const forged = await ctx().app.inject({ method: 'GET', url: `/orders/${order.orderID}/credit-notes/1?sig=faux` });
    expect(forged.statusCode).toBe(401);

    // The last ticket refunded: everything paid is given back, the order is REFUNDED, the next note AV-000002.
    expect((await refund(order.orderID, { requestId: newRequestId(), ticketIds: [second.id] })).statusCode).toBe(202);
    await settle();
    const after = await proOrder(order.orderID);
    expect(after.status).toBe('REFUNDED');
    expect(after.refunds.map((row) => row.creditNote)).toEqual(['AV-000001', 'AV-000002']);
    expect((await dashboard()).totals).toMatchObject({ sold: 0, revenueInclVat: 0 });
    // A refunded ticket is not refunded twice.
    const again = await refund(order.orderID, { requestId: newRequestId(), ticketIds: [first.id] });
    expect(again.statusCode).toBe(409);
  });

  it('refunds once a form sent twice with the same request id', async () => {
    const product = await insertProduct({ stock: 10, price: 2000 });
    const { order } = await buy([{ productID: product.id, quantity: 2 }]);
    const [ticket] = await ticketIdsOf(order.orderID);
    const body = { requestId: newRequestId(), ticketIds: [ticket] };
    const first = await refund(order.orderID, body);
    const second = await refund(order.orderID, body);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json<ProRefund>().id).toBe(first.json<ProRefund>().id);
    expect(await countRefunds(order.orderID)).toBe(1);
    expect((await productRow(product.id)).sold).toBe(1);
    await settle();
  });

  it('refunds one ticket once when two refunds of it arrive together', async () => {
    const product = await insertProduct({ stock: 10, price: 2000 });
    const { order } = await buy([{ productID: product.id, quantity: 2 }]);
    const [ticket] = await ticketIdsOf(order.orderID);
    const answers = await Promise.all([
      refund(order.orderID, { requestId: newRequestId(), ticketIds: [ticket] }),
      refund(order.orderID, { requestId: newRequestId(), ticketIds: [ticket] }, staff.MANAGER),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'REFUND_REFUSED', message: REFUND_MESSAGES.ticketsNotRefundable });
    expect(await countRefunds(order.orderID)).toBe(1);
    expect((await productRow(product.id)).sold).toBe(1);
    await settle();
  });

  it('lets neither a scanner refund nor another organiser see the order; another order’s ticket is refused', async () => {
    const product = await insertProduct({ stock: 10, price: 2000 });
    const { order } = await buy([{ productID: product.id, quantity: 1 }]);
    const { order: otherOrder } = await buy([{ productID: product.id, quantity: 1 }]);
    const [ticket] = await ticketIdsOf(order.orderID);
    const [otherTicket] = await ticketIdsOf(otherOrder.orderID);
    const body = { requestId: newRequestId(), ticketIds: [ticket] };
    const scanner = await refund(order.orderID, body, staff.SCANNER);
    expect(scanner.statusCode).toBe(403);
    const outsider = await refund(order.orderID, body, staff.OUTSIDER);
    expect(outsider.statusCode).toBe(404);
    const theirs = await refund(order.orderID, body, staff.OUTSIDER, (await proMemberOrganizer()) ?? 0);
    expect(theirs.statusCode).toBe(404);
    const mixed = await refund(order.orderID, { requestId: newRequestId(), ticketIds: [otherTicket] });
    expect(mixed.statusCode).toBe(409);
    expect(await countRefunds(order.orderID)).toBe(0);
    const credit = await ctx().app.inject({
      method: 'GET',
      url: `${base()}/orders/${order.orderID}/credit-notes/1`,
      headers: staff.OWNER,
    });
    expect(credit.statusCode).toBe(404);
  });

  it('refunds only this organiser’s own lines of a basket that holds another organiser’s ticket', async () => {
    const mine = await insertProduct({ stock: 10, price: 2000 });
    const elsewhere = await insertConcert(ctx().database.db, { title: 'Chez les voisins' });
    const theirs = await insertProduct({ stock: 10, price: 1500, ticketing: elsewhere.id });
    const { order } = await buy([
      { productID: mine.id, quantity: 1 },
      { productID: theirs.id, quantity: 1 },
    ]);
    const detail = await proOrder(order.orderID);
    // Its page shows its own line only; the other ticket exists all the same.
    expect(detail.lines).toHaveLength(1);
    const [own, foreign] = await ticketIdsOf(order.orderID);
    const refused = await refund(order.orderID, { requestId: newRequestId(), ticketIds: [foreign] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFUND_REFUSED' });
    expect(await countRefunds(order.orderID)).toBe(0);
    const accepted = await refund(order.orderID, { requestId: newRequestId(), ticketIds: [own] });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ amount: 2000 });
    await settle();
  });

  it('no longer cancels a ticketing by a change of status: that is « Annuler la billetterie »', async () => {
    const concert = await insertConcert(ctx().database.db, { title: 'Trio à vent', organizerId });
    const [row] = await rowsOf<{ version: number }>(
      ctx().database.db,
      sql`SELECT version FROM ticketing WHERE id = ${concert.id}`,
    );
    const response = await ctx().app.inject({
      method: 'POST',
      url: `${base()}/ticketings/${concert.id}/status`,
      headers: staff.OWNER,
      payload: { version: row?.version ?? 0, status: 'CANCELLED' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'STATUS_CHANGE_REFUSED',
      message: REFUND_MESSAGES.cancelThroughCancellation,
    });
  });
});

/** The other organiser's id (the outsider's own), to check it cannot reach this order through its own path. */
async function proMemberOrganizer(): Promise<number | undefined> {
  const [row] = await rowsOf<{ organizer_id: number }>(
    ctx().database.db,
    sql`SELECT organizer_id FROM ticketing WHERE title = 'Bal des autres'`,
  );
  return row?.organizer_id;
}
