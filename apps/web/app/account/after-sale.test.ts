/**
 * The account order page after the sale (issue 26), its actions against the real API: tickets e-mailed again
 * (« Vos billets ont été renvoyés à … »), a deal's withdrawal (L221-18) on its unused vouchers, a postponed
 * event's refund request until the organiser's date, each once for one requestId; then the page's refunds,
 * its « Partiellement remboursée » state and the credit note's PDF. Plus the pure rules of what is offered.
 */
import { AFTER_SALE_MESSAGES, DEMO_TEST_CARDS, type OrderDetail, type OrderItem } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../api/src/db/client';
import { offers, products } from '../../../api/src/db/schema';
import { realApi } from '../../test/real-api';
import { post } from '../../test/requests';
import { thrown } from '../../test/session-support';
import {
  buyerRefundText,
  chosenTicketIds,
  creditNotePdfPath,
  partlyRefunded,
  postponementRefundableTickets,
  WITHDRAWAL_NOTICE,
  withdrawableVouchers,
} from './after-sale';
import { loader as creditNoteLoader } from './credit-note.route';
import { action as orderAction, loader as orderLoader } from './order.route';

const real = realApi();
const DAY = 24 * 3_600_000;

type Member = Awaited<ReturnType<typeof real.member>>;

/** A deal of a partner, on sale for a month, with one voucher product. */
async function insertDeal() {
  const db = real.db();
  const [offer] = await db
    .insert(offers)
    .values({
      slug: `atelier-${Math.random().toString(36).slice(2)}`,
      title: 'Atelier poterie',
      summary: 'Deux heures à l’atelier.',
      description: { type: 'doc', content: [] },
      category: 'Loisirs',
      city: 'Lyon',
      citySlug: 'lyon',
      partner: 'L’Atelier',
      validFrom: new Date(Date.now() - DAY),
      validUntil: new Date(Date.now() + 60 * DAY),
    })
    .returning({ id: offers.id });
  const [product] = await db
    .insert(products)
    .values({
      productType: 'OFFER',
      offerId: offer?.id,
      title: 'Séance',
      price: 3000,
      quota: 10,
      stock: 100,
      position: 1,
    })
    .returning({ id: products.id });
  return product?.id ?? 0;
}

/** A paid order of `lines` by `buyer`, through the API's cart, checkout and demo bank, as the site makes it. */
async function paidOrder(
  buyer: Member,
  lines: { productID: number; productType: 'TICKET' | 'OFFER'; quantity: number }[],
) {
  const app = real.api().app;
  const headers = { authorization: `Bearer ${buyer.token}` };
  const cart = await app.inject({
    method: 'POST',
    url: `/account/${buyer.id}/cart`,
    headers,
    payload: {
      cartItems: lines.map(({ productID, productType, quantity }) => ({
        quantity,
        product: { productID, productType },
      })),
    },
  });
  expect(cart.statusCode, cart.body).toBeLessThan(300);
  const made = await app.inject({
    method: 'POST',
    url: '/orders',
    headers,
    payload: {
      cartID: cart.json<{ cartID: string }>().cartID,
      billing: { street: '1 rue A', postalCode: '75001', city: 'Paris', country: 'France' },
      holders: [],
      acceptTerms: true,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const created = made.json<{ orderID: number; paymentUrl: string }>();
  const session = decodeURIComponent(new URL(created.paymentUrl).searchParams.get('order') ?? '');
  const paid = await app.inject({
    method: 'POST',
    url: `/payments/demo/${encodeURIComponent(session)}/attempts`,
    payload: { cardNumber: DEMO_TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return created.orderID;
}

const args = (path: string, orderID: number, member: Member, fields?: [string, string][]) =>
  ({
    request: fields
      ? new Request(`http://localhost:3000${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        })
      : new Request(`http://localhost:3000${path}`),
    params: { orderID: String(orderID) },
    context: member.context(),
  }) as never;

async function pageOf(orderID: number, member: Member) {
  return orderLoader(args(`/account/orders/${orderID}`, orderID, member));
}

/** What the action returned (data: its status and body) or threw (a redirect: its Location). */
async function act(orderID: number, member: Member, fields: [string, string][]) {
  try {
    const answer = (await orderAction(args(`/account/orders/${orderID}`, orderID, member, fields))) as {
      data: Record<string, unknown>;
      init: { status?: number } | null;
    };
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('Location') };
    return { status: (error as { init?: { status: number } }).init?.status, thrown: error };
  }
}

const refundsOf = (orderID: number) =>
  rowsOf<{ reason: string; amount: number; status: string }>(
    real.db(),
    sql`SELECT reason, amount, status FROM refund WHERE order_id = ${orderID} ORDER BY id`,
  );

describe('the account order page after the sale', () => {
  it('e-mails the tickets again: « Vos billets ont été renvoyés à … »', async () => {
    const buyer = await real.member('Inès');
    const ticket = await real.ticket();
    const orderID = await paidOrder(buyer, [{ productID: ticket.id, productType: 'TICKET', quantity: 1 }]);
    const answer = await act(orderID, buyer, [['intent', 'resend']]);
    expect(answer).toEqual({
      status: 200,
      data: { intent: 'resend', success: `Vos billets ont été renvoyés à ${buyer.email}.` },
    });
    // Another account's order: the not-found page, nothing sent.
    const other = await real.member('Zoé');
    expect((await act(orderID, other, [['intent', 'resend']])).status).toBe(404);
  });

  it('withdraws from a deal’s unused vouchers once for one requestId; the page then says the refund', async () => {
    const buyer = await real.member('Hugo');
    const deal = await insertDeal();
    const ticket = await real.ticket({ price: 2000 });
    const orderID = await paidOrder(buyer, [
      { productID: deal, productType: 'OFFER', quantity: 2 },
      { productID: ticket.id, productType: 'TICKET', quantity: 1 },
    ]);
    const { order, requestId } = await pageOf(orderID, buyer);
    const dealLine = order.items.find((item) => item.productType === 'OFFER');
    const ticketLine = order.items.find((item) => item.productType === 'TICKET');
    if (!dealLine || !ticketLine) throw new Error('both lines');
    expect(dealLine.withdrawalUntil).not.toBeNull();
    const offered = withdrawableVouchers(order, dealLine, Date.now());
    expect(offered).toHaveLength(2);
    // A ticket of the concert is not this form's: left out, so nothing is asked.
    const forged = await act(orderID, buyer, [
      ['intent', 'withdrawal'],
      ['item', String(dealLine.id)],
      ['requestId', requestId],
      ['ticketId', String(ticketLine.tickets[0]?.id)],
    ]);
    expect(forged).toMatchObject({ status: 400, data: { intent: 'withdrawal', alert: 'Cochez au moins un billet.' } });
    expect(await refundsOf(orderID)).toEqual([]);

    const fields: [string, string][] = [
      ['intent', 'withdrawal'],
      ['item', String(dealLine.id)],
      ['requestId', requestId],
      ['ticketId', String(offered[0]?.id)],
    ];
    expect(await act(orderID, buyer, fields)).toEqual({
      status: 303,
      location: `/account/orders/${orderID}?avis=retractation`,
    });
    expect((await act(orderID, buyer, fields)).status).toBe(303);
    expect(await refundsOf(orderID)).toMatchObject([{ reason: 'WITHDRAWAL', amount: 3000 }]);

    await real.api().app.background.idle();
    const after = await orderLoader(args(`/account/orders/${orderID}?avis=retractation`, orderID, buyer));
    expect(after.notice).toMatch(/^Nous avons bien reçu votre rétractation/);
    expect(partlyRefunded(after.order)).toBe(true);
    const [refund] = after.order.refunds;
    if (!refund?.creditNote) throw new Error('refund made, with its credit note');
    expect(buyerRefundText(refund)).toMatch(
      new RegExp(`^Remboursement de ${formatPrice(3000)} — fait le .+ — avoir AV-\\d{6}$`),
    );
    const revoked = after.order.items.flatMap((item) => item.tickets).filter((t) => t.revokedReason !== null);
    expect(revoked.map((t) => t.id)).toEqual([offered[0]?.id]);

    // Its PDF, for its owner only.
    const path = creditNotePdfPath(orderID, refund.creditNote) ?? '';
    const creditNote = path.split('/').at(-1) ?? '';
    const pdfArgs = (member: Member) =>
      ({
        request: new Request(`http://localhost:3000${path}`),
        params: { orderID: String(orderID), creditNote },
        context: member.context(),
      }) as never;
    const pdf = (await creditNoteLoader(pdfArgs(buyer))) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    const stranger = await real.member('Zoé');
    expect(((await creditNoteLoader(pdfArgs(stranger))) as Response).status).toBe(404);
  });

  it('refunds a postponed event’s tickets on request until the organiser’s date, then offers it no more', async () => {
    const buyer = await real.member('Léa');
    const ticket = await real.ticket({ price: 2500 });
    const orderID = await paidOrder(buyer, [{ productID: ticket.id, productType: 'TICKET', quantity: 2 }]);
    await real.db().execute(
      sql`UPDATE ticketing SET previous_starts_at = starts_at, starts_at = starts_at + interval '30 days',
          ends_at = ends_at + interval '30 days', refund_requests_until = now() + interval '10 days'
          WHERE id = ${real.ticketingId()}`,
    );
    const { order, requestId } = await pageOf(orderID, buyer);
    const [line] = order.items;
    if (!line) throw new Error('line');
    const offered = postponementRefundableTickets(order, line, Date.now());
    expect(offered).toHaveLength(2);
    const answer = await act(orderID, buyer, [
      ['intent', 'postponement-refund'],
      ['item', String(line.id)],
      ['requestId', requestId],
      ...offered.map((t): [string, string] => ['ticketId', String(t.id)]),
    ]);
    expect(answer).toEqual({ status: 303, location: `/account/orders/${orderID}?avis=remboursement` });
    expect(await refundsOf(orderID)).toMatchObject([{ reason: 'POSTPONEMENT', amount: 5000 }]);
    await real.api().app.background.idle();
    const after = await pageOf(orderID, buyer);
    expect(after.order.status).toBe('REFUNDED');
    expect(partlyRefunded(after.order)).toBe(false);
    expect(postponementRefundableTickets(after.order, after.order.items[0] as OrderItem, Date.now())).toEqual([]);

    // Past the deadline the API refuses, and the page says its message.
    const late = await real.member('Tom');
    const lateOrder = await paidOrder(late, [{ productID: ticket.id, productType: 'TICKET', quantity: 1 }]);
    const page = await pageOf(lateOrder, late);
    await real
      .db()
      .execute(
        sql`UPDATE ticketing SET refund_requests_until = now() - interval '1 minute' WHERE id = ${real.ticketingId()}`,
      );
    const refused = await act(lateOrder, late, [
      ['intent', 'postponement-refund'],
      ['item', String(page.order.items[0]?.id)],
      ['requestId', page.requestId],
      ['ticketId', String(page.order.items[0]?.tickets[0]?.id)],
    ]);
    expect(refused).toMatchObject({
      status: 409,
      data: { alert: expect.stringContaining(AFTER_SALE_MESSAGES.refundRequestsOver) },
    });
    expect(await refundsOf(lateOrder)).toEqual([]);
  });

  it('still cancels a pending order from the form without an intent', async () => {
    const buyer = await real.member('Noé');
    const ticket = await real.ticket();
    const app = real.api().app;
    const cart = await app.inject({
      method: 'POST',
      url: `/account/${buyer.id}/cart`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { cartItems: [{ quantity: 1, product: { productID: ticket.id, productType: 'TICKET' } }] },
    });
    const made = await app.inject({
      method: 'POST',
      url: '/orders',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: {
        cartID: cart.json<{ cartID: string }>().cartID,
        billing: { street: '1 rue A', postalCode: '75001', city: 'Paris', country: 'France' },
        holders: [],
        acceptTerms: true,
      },
    });
    const orderID = made.json<{ orderID: number }>().orderID;
    const response = (await thrown(() =>
      orderAction({
        request: post(`/account/orders/${orderID}`, {}),
        params: { orderID: String(orderID) },
        context: buyer.context(),
      } as never),
    )) as Response;
    expect(response.headers.get('Location')).toBe(`/account/orders/${orderID}?annulee=1`);
  });
});

describe('what the page offers (pure rules)', () => {
  const voucher = (id: number, state: Partial<{ revokedReason: 'WITHDRAWAL'; scannedAt: string }> = {}) => ({
    id,
    code: `CODE-${id}`,
    holderName: 'Inès Martin',
    revokedReason: null,
    scannedAt: null,
    ...state,
  });
  const dealLine = (withdrawalUntil: string | null): OrderItem => ({
    id: 1,
    productID: 1,
    title: 'Séance',
    unitPrice: 3000,
    quantity: 3,
    lineTotal: 9000,
    productType: 'OFFER',
    vatRate: 2000,
    ticketing: null,
    withdrawalUntil,
    tickets: [
      voucher(1),
      voucher(2, { revokedReason: 'WITHDRAWAL' }),
      voucher(3, { scannedAt: '2026-11-20T10:00:00Z' }),
    ],
  });
  const paid: Pick<OrderDetail, 'status'> = { status: 'PAID' };

  it('offers a deal’s unused vouchers until the withdrawal deadline, to the instant', () => {
    const until = '2026-12-11T22:59:59.999Z';
    expect(withdrawableVouchers(paid, dealLine(until), Date.parse(until) - 1).map((t) => t.id)).toEqual([1]);
    expect(withdrawableVouchers(paid, dealLine(until), Date.parse(until))).toEqual([]);
    expect(withdrawableVouchers(paid, dealLine(null), 0)).toEqual([]);
    expect(withdrawableVouchers({ status: 'REFUNDED' }, dealLine(until), 0)).toEqual([]);
  });

  it('keeps only boxes offered, each once', () => {
    expect(chosenTicketIds(['1', '1', '3', 'x', '99'], [{ id: 1 }, { id: 3 }])).toEqual([1, 3]);
  });

  it('words the withdrawal as the Code de la consommation does', () => {
    expect(WITHDRAWAL_NOTICE).toBe(
      'Vous disposez de 14 jours à compter de l’achat pour vous rétracter, sans avoir à vous justifier (article L221-18 du Code de la consommation).',
    );
  });

  it('says a refund under way, then made with its credit note', () => {
    const base = { amount: 2500, refundedAt: null, creditNote: null };
    expect(buyerRefundText({ ...base, status: 'PENDING' })).toBe(`Remboursement de ${formatPrice(2500)} — en cours`);
    expect(
      buyerRefundText({
        amount: 2550,
        status: 'SUCCEEDED',
        refundedAt: '2026-10-12T10:00:00Z',
        creditNote: 'AV-000007',
      }),
    ).toBe(`Remboursement de ${formatPrice(2550)} — fait le 12 octobre 2026 — avoir AV-000007`);
    expect(creditNotePdfPath(4, 'AV-000007')).toBe('/account/orders/4/avoirs/7');
    expect(creditNotePdfPath(4, null)).toBeNull();
  });
});
