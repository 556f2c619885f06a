/**
 * The pro site's after-sale pages against the real API (issue 26), after real checkouts paid through the demo
 * bank: an order's refund form (ticked boxes → the question → the refund, once for one requestId), its refunds
 * and credit note's PDF, a ticketing's cancellation (the confirm box, then the refunds' progress) and its
 * postponement (the « Quand ? » fields and the deadline). What is checked: what the page says, and the rows.
 */
import { formatDay, formatPrice, formatTime } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/db/client';
import { buy, ctx, insertProduct, insertTicketing, ticketingId } from '../../api/test/orders/checkout-support';
import { loader as creditNoteLoader } from '../app/sales/credit-note.route';
import { action as orderAction, loader as orderLoader } from '../app/sales/order.route';
import { refundQuestion, refundText } from '../app/sales/refunds';
import { action as cancelAction, loader as cancelLoader } from '../app/ticketings/cancel.route';
import { cancellationProgressText } from '../app/ticketings/cancellation';
import { action as postponeAction, loader as postponeLoader } from '../app/ticketings/postpone.route';
import { proMember, realCheckoutApi, statusOf, thrown } from './real-checkout-api';

realCheckoutApi();

const PRO = 'http://localhost:3001';
let organizerId: number;
let owner: Awaited<ReturnType<typeof proMember>>;
let stranger: Awaited<ReturnType<typeof proMember>>;
let orderId: number;

type Answer = { data: Record<string, unknown>; init: { status: number } | null };

const orderParams = () => ({ organizerId: String(organizerId), orderId: String(orderId) });

const loaderArgs = (params: Record<string, string>, member = owner) =>
  ({ request: new Request(`${PRO}/page`), params, context: member.context() }) as never;

function postArgs(params: Record<string, string>, fields: [string, string][], member = owner) {
  const request = new Request(`${PRO}/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { request, params, context: member.context() } as never;
}

/** What an action returned (data) or threw (a redirect), with its status. */
async function act(
  work: () => Promise<unknown>,
): Promise<{ status: number; data?: Record<string, unknown>; location?: string }> {
  try {
    const answer = (await work()) as Answer;
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('Location') ?? '' };
    return { status: statusOf(error) ?? 0 };
  }
}

const refundsOf = (order: number) =>
  rowsOf<{ id: number; status: string; amount: number; request_id: string }>(
    ctx().database.db,
    sql`SELECT id, status, amount, request_id FROM refund WHERE order_id = ${order} ORDER BY id`,
  );

beforeAll(async () => {
  const [row] = await rowsOf<{ organizer_id: number }>(
    ctx().database.db,
    sql`SELECT organizer_id FROM ticketing WHERE id = ${ticketingId}`,
  );
  organizerId = row?.organizer_id ?? 0;
  owner = await proMember(organizerId, 'OWNER');
  // Another organiser's member, to be refused.
  const [foreign] = await rowsOf<{ id: number }>(
    ctx().database.db,
    sql`INSERT INTO organizer (slug, name, city) VALUES ('autres', 'Les Autres', 'Lyon') RETURNING id`,
  );
  stranger = await proMember(foreign?.id ?? 0, 'OWNER');
  const product = await insertProduct({ stock: 40, price: 2250 });
  const bought = await buy([
    { productID: product.id, quantity: 3, holders: ['Inès Martin', 'Hugo Martin', 'Léa Martin'] },
  ]);
  orderId = bought.order.orderID;
});

describe('refunding tickets of an order', () => {
  it('asks « Rembourser 2 billets pour 45 € ? » for two ticked boxes, leaving out a forged one', async () => {
    const { order, requestId } = await orderLoader(loaderArgs(orderParams()));
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const ids = order.lines.flatMap((line) => line.tickets.map((ticket) => ticket.id));
    expect(ids).toHaveLength(3);
    const answer = await act(() =>
      orderAction(
        postArgs(orderParams(), [
          ['intent', 'review'],
          ['requestId', requestId],
          ['ticketId', String(ids[0])],
          ['ticketId', String(ids[1])],
          ['ticketId', '999999'],
        ]),
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.confirm).toEqual({ ticketIds: [ids[0], ids[1]], count: 2, amount: 4500, requestId });
    expect(refundQuestion({ count: 2, amount: 4500 })).toBe(`Rembourser 2 billets pour ${formatPrice(4500)} ?`);
    // Nothing refunded by the question.
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it('says to tick a box when none is', async () => {
    const answer = await act(() => orderAction(postArgs(orderParams(), [['intent', 'review']])));
    expect(answer.status).toBe(400);
    expect(answer.data?.alert).toEqual({ title: 'Aucun billet choisi.', message: 'Cochez les billets à rembourser.' });
  });

  it('refunds on « Confirmer le remboursement », once for a form sent twice; the page then lists the refund', async () => {
    const { order, requestId } = await orderLoader(loaderArgs(orderParams()));
    const [first, second] = order.lines.flatMap((line) => line.tickets.map((ticket) => ticket.id));
    const fields: [string, string][] = [
      ['intent', 'refund'],
      ['requestId', requestId],
      ['ticketId', String(first)],
      ['ticketId', String(second)],
    ];
    const sent = await act(() => orderAction(postArgs(orderParams(), fields)));
    expect(sent).toEqual({
      status: 302,
      location: `/organisateurs/${organizerId}/commandes/${orderId}?avis=rembourse`,
    });
    // A double click: the same requestId, the same refund.
    const again = await act(() => orderAction(postArgs(orderParams(), fields)));
    expect(again.status).toBe(302);
    const rows = await refundsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 4500, request_id: requestId });

    await ctx().app.background.idle();
    const shown = await orderLoader(loaderArgs(orderParams()));
    const tickets = shown.order.lines.flatMap((line) => line.tickets);
    expect(tickets.filter((ticket) => ticket.revokedReason !== null)).toHaveLength(2);
    expect(shown.order.refunds).toHaveLength(1);
    const [refund] = shown.order.refunds;
    if (!refund) throw new Error('no refund');
    expect(refund.status).toBe('SUCCEEDED');
    expect(refund.creditNote).toMatch(/^AV-\d{6}$/);
    // Prices as the whole site writes them (decision 0004): « 45 € », « 22,50 € ».
    expect(refundText(refund)).toBe(
      `Remboursement de ${formatPrice(4500)} — fait le ${formatDay(refund.refundedAt ?? '')} à ${formatTime(refund.refundedAt ?? '')} — avoir ${refund.creditNote}`,
    );
  });

  it('shows the refusal of a ticket already refunded (409 REFUND_REFUSED), by its code', async () => {
    const { order } = await orderLoader(loaderArgs(orderParams()));
    const refunded = order.lines.flatMap((line) => line.tickets).find((ticket) => ticket.revokedReason !== null);
    const answer = await act(() =>
      orderAction(
        postArgs(orderParams(), [
          ['intent', 'refund'],
          ['requestId', crypto.randomUUID()],
          ['ticketId', String(refunded?.id)],
        ]),
      ),
    );
    expect(answer.status).toBe(409);
    expect(answer.data?.alert).toMatchObject({ title: 'Remboursement refusé.' });
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('passes the credit note’s PDF on to its organiser, and not to another', async () => {
    const { order } = await orderLoader(loaderArgs(orderParams()));
    const number = Number(order.refunds[0]?.creditNote?.slice(3));
    const params = { ...orderParams(), creditNote: String(number) };
    const pdf = (await creditNoteLoader(loaderArgs(params))) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const foreign = (await creditNoteLoader(loaderArgs(params, stranger))) as Response;
    expect(foreign.status).toBe(404);
  });
});

describe('cancelling a ticketing', () => {
  let cancelled: number;
  const params = () => ({ organizerId: String(organizerId), ticketingId: String(cancelled) });

  beforeAll(async () => {
    cancelled = await insertTicketing('Bal annulé');
    const product = await insertProduct({ stock: 30, price: 1500, ticketing: cancelled });
    for (const name of ['Un', 'Deux', 'Trois']) await buy([{ productID: product.id, quantity: 1 }], { lastname: name });
  });

  it('cancels nothing without « Je comprends que cette action est définitive »', async () => {
    const { ticketing, progress } = await cancelLoader(loaderArgs(params()));
    expect(progress.status).toBe('NONE');
    const answer = await act(() =>
      cancelAction(
        postArgs(params(), [
          ['version', String(ticketing.version)],
          ['message', 'Désolés.'],
        ]),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      alert: 'Cochez « Je comprends que cette action est définitive » pour annuler.',
      message: 'Désolés.',
    });
    expect((await cancelLoader(loaderArgs(params()))).ticketing.status).toBe('PUBLISHED');
  });

  it('cancels with the box ticked, then says « 3 commandes remboursées sur 3 »', async () => {
    const { ticketing } = await cancelLoader(loaderArgs(params()));
    const answer = await act(() =>
      cancelAction(
        postArgs(params(), [
          ['version', String(ticketing.version)],
          ['message', 'Le chanteur est malade.'],
          ['understood', 'on'],
        ]),
      ),
    );
    expect(answer).toEqual({
      status: 302,
      location: `/organisateurs/${organizerId}/billetteries/${cancelled}/annulation`,
    });
    await ctx().app.background.idle();
    const after = await cancelLoader(loaderArgs(params()));
    expect(after.ticketing.status).toBe('CANCELLED');
    expect(after.progress).toMatchObject({ status: 'DONE', total: 3, succeeded: 3 });
    expect(cancellationProgressText(after.progress)).toBe('3 commandes remboursées sur 3. Annulation terminée.');
  });

  it('is refused to a member of another organiser (the API’s 404)', async () => {
    const refused = await thrown(() => cancelLoader(loaderArgs(params(), stranger)));
    expect(statusOf(refused)).toBe(404);
  });
});

describe('postponing a ticketing', () => {
  let moved: number;
  const params = () => ({ organizerId: String(organizerId), ticketingId: String(moved) });

  beforeAll(async () => {
    moved = await insertTicketing('Bal reporté');
  });

  it('says on its field that the deadline is missing, and moves nothing', async () => {
    const { ticketing, postponable } = await postponeLoader(loaderArgs(params()));
    expect(postponable).toBe(true);
    const answer = await act(() =>
      postponeAction(
        postArgs(params(), [
          ['version', String(ticketing.version)],
          ['schedule', 'DATED'],
          ['date', '2027-03-13'],
          ['time', '20:30'],
          ['refundUntilDate', ''],
          ['refundUntilTime', '23:59'],
        ]),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data?.reply).toMatchObject({ errors: { refundUntilDate: expect.any(String) } });
  });

  it('moves it to the new date (Paris time), its first date kept for the public page', async () => {
    const { ticketing } = await postponeLoader(loaderArgs(params()));
    const answer = await act(() =>
      postponeAction(
        postArgs(params(), [
          ['version', String(ticketing.version)],
          ['schedule', 'DATED'],
          ['date', '2027-03-13'],
          ['time', '20:30'],
          ['endTime', '23:00'],
          ['refundUntilDate', '2027-03-01'],
          ['refundUntilTime', '23:59'],
        ]),
      ),
    );
    expect(answer).toEqual({
      status: 302,
      location: `/organisateurs/${organizerId}/billetteries/${moved}?avis=reportee`,
    });
    const [row] = await rowsOf<{
      starts_at: Date;
      ends_at: Date;
      previous_starts_at: Date;
      refund_requests_until: Date;
    }>(
      ctx().database.db,
      sql`SELECT starts_at, ends_at, previous_starts_at, refund_requests_until FROM ticketing WHERE id = ${moved}`,
    );
    expect(new Date(row?.starts_at ?? 0).toISOString()).toBe('2027-03-13T19:30:00.000Z');
    expect(new Date(row?.ends_at ?? 0).toISOString()).toBe('2027-03-13T22:00:00.000Z');
    expect(new Date(row?.refund_requests_until ?? 0).toISOString()).toBe('2027-03-01T22:59:00.000Z');
    expect(new Date(row?.previous_starts_at ?? 0).toISOString()).toBe(ticketing.startsAt);
    const page = await ctx().app.inject({ method: 'GET', url: `/ticketings/${moved}` });
    expect(page.json()).toMatchObject({ startsAt: '2027-03-13T19:30:00.000Z', previousStartsAt: ticketing.startsAt });
  });
});
