/**
 * An organiser cancels a ticketing with paid orders (real API on PGlite, demo bank): the ticketing is
 * CANCELLED, every paid order gets one refund of this ticketing's lines only, every ticket of it is revoked,
 * the worker refunds and mails each buyer the cancellation with the organiser's word and the credit note.
 * Cancelling again is refused; postponing moves the date, keeps the tickets and tells each buyer once.
 */
import type { CancellationProgress, ProOrderDetail } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { insertConcert } from '../helpers.js';
import { buy, ctx, insertProduct, productRow, ticketingId, useCheckoutApp } from '../orders/checkout-support.js';
import { emailOf, mailsTo, organizerOf, proMember, settle } from './support.js';

useCheckoutApp();

let organizerId: number;
let owner: Record<string, string>;
let scanner: Record<string, string>;

beforeAll(async () => {
  organizerId = await organizerOf(ticketingId);
  owner = await proMember(organizerId, 'OWNER');
  scanner = await proMember(organizerId, 'SCANNER');
});

const base = () => `/pro/organizers/${organizerId}`;
const post = (url: string, payload: object, headers = owner) =>
  ctx().app.inject({ method: 'POST', url: `${base()}${url}`, headers, payload });
const versionOf = async (id: number) =>
  (await rowsOf<{ version: number }>(ctx().database.db, sql`SELECT version FROM ticketing WHERE id = ${id}`))[0]
    ?.version ?? 0;

describe('cancelling a ticketing', () => {
  it('refunds its three paid orders, its lines only, mails each buyer, and refuses a second cancellation', async () => {
    const { db } = ctx().database;
    const concert = await insertConcert(db, { title: 'Opéra de chambre', organizerId });
    const seat = await insertProduct({ stock: 20, price: 4000, ticketing: concert.id });
    const elsewhere = await insertConcert(db, { title: 'Autre soirée' });
    const foreign = await insertProduct({ stock: 20, price: 1000, ticketing: elsewhere.id });
    const bought = [
      await buy([{ productID: seat.id, quantity: 2 }]),
      await buy([{ productID: seat.id, quantity: 1 }]),
      // A basket holding another organiser's ticket too: that one stays paid and valid.
      await buy([
        { productID: seat.id, quantity: 1 },
        { productID: foreign.id, quantity: 1 },
      ]),
    ];
    await buy([{ productID: seat.id, quantity: 1 }], { pay: false });

    expect(
      (await post(`/ticketings/${concert.id}/cancel`, { version: await versionOf(concert.id) }, scanner)).statusCode,
    ).toBe(403);
    const response = await post(`/ticketings/${concert.id}/cancel`, {
      version: await versionOf(concert.id),
      message: 'La soliste est souffrante ; nous sommes désolés.',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json<CancellationProgress>()).toMatchObject({ status: 'RUNNING', total: 3, pending: 3 });
    // At once: every ticket of it revoked, its places no longer sold.
    const live = await rowsOf<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM ticket k JOIN order_item oi ON oi.id = k.order_item_id
        JOIN product p ON p.id = oi.product_id WHERE p.ticketing_id = ${concert.id} AND k.revoked_at IS NULL`,
    );
    expect(live[0]?.count).toBe(0);
    expect((await productRow(seat.id)).sold).toBe(0);

    await settle();
    const progress = await ctx().app.inject({
      method: 'GET',
      url: `${base()}/ticketings/${concert.id}/cancellation`,
      headers: owner,
    });
    expect(progress.json<CancellationProgress>()).toMatchObject({
      status: 'DONE',
      total: 3,
      succeeded: 3,
      failed: 0,
      pending: 0,
    });

    const refunds = await rowsOf<{ order_id: number; amount: number; status: string; credit_note_number: number }>(
      db,
      sql`SELECT r.order_id, r.amount, r.status, r.credit_note_number FROM refund r JOIN refund_job j ON j.id = r.job_id
        WHERE j.ticketing_id = ${concert.id} ORDER BY r.order_id`,
    );
    expect(refunds.map((row) => [row.order_id, row.amount, row.status])).toEqual([
      [bought[0]?.order.orderID, 8000, 'SUCCEEDED'],
      [bought[1]?.order.orderID, 4000, 'SUCCEEDED'],
      [bought[2]?.order.orderID, 4000, 'SUCCEEDED'],
    ]);
    const bank = await rowsOf<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM demo_refund WHERE idempotency_key IN
        (SELECT 'guichet-refund-' || r.id FROM refund r JOIN refund_job j ON j.id = r.job_id WHERE j.ticketing_id = ${concert.id})`,
    );
    expect(bank[0]?.count).toBe(3);

    for (const { buyer } of bought) {
      const mails = (await mailsTo(await emailOf(buyer.id))).filter(
        (mail) => mail.subject === 'Annulé : Opéra de chambre — vous êtes remboursé',
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('La soliste est souffrante ; nous sommes désolés.');
      expect(mails[0]?.attachments?.[0]).toMatch(/^avoir-AV-\d{6}\.pdf$/);
    }

    // Fully refunded orders are REFUNDED; the mixed basket stays PAID, its other organiser's ticket valid.
    const statuses = await rowsOf<{ id: number; status: string }>(
      db,
      sql`SELECT id, status FROM "order" WHERE id IN (${bought[0]?.order.orderID}, ${bought[2]?.order.orderID}) ORDER BY id`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['REFUNDED', 'PAID']);
    const foreignTicket = await rowsOf<{ revoked_at: Date | null }>(
      db,
      sql`SELECT k.revoked_at FROM ticket k JOIN order_item oi ON oi.id = k.order_item_id WHERE oi.product_id = ${foreign.id}`,
    );
    expect(foreignTicket).toEqual([{ revoked_at: null }]);
    const detail = await ctx().app.inject({
      method: 'GET',
      url: `${base()}/orders/${bought[2]?.order.orderID}`,
      headers: owner,
    });
    expect(detail.json<ProOrderDetail>().lines[0]?.tickets[0]?.revokedReason).toBe('CANCELLATION');

    const again = await post(`/ticketings/${concert.id}/cancel`, { version: await versionOf(concert.id) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CANCELLATION_UNDER_WAY' });
    const page = await ctx().app.inject({ method: 'GET', url: `/ticketings/${concert.id}` });
    expect(page.json()).toMatchObject({ status: 'CANCELLED' });
  });

  it('refuses a cancellation from a version read before someone else saved', async () => {
    const concert = await insertConcert(ctx().database.db, { title: 'Quintette', organizerId });
    const stale = await versionOf(concert.id);
    // Someone saved the ticketing meanwhile.
    await ctx().database.db.execute(sql`UPDATE ticketing SET version = version + 1 WHERE id = ${concert.id}`);
    const response = await post(`/ticketings/${concert.id}/cancel`, { version: stale });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EDIT_CONFLICT' });
    expect(
      (
        await rowsOf<{ status: string }>(ctx().database.db, sql`SELECT status FROM ticketing WHERE id = ${concert.id}`)
      )[0]?.status,
    ).not.toBe('CANCELLED');
  });
});

describe('postponing a ticketing', () => {
  it('moves the date, keeps the first one, tells each buyer once, and lets them ask for a refund until the date set', async () => {
    const { db } = ctx().database;
    const concert = await insertConcert(db, { title: 'Ciné-concert', organizerId });
    const seat = await insertProduct({ stock: 20, price: 2500, ticketing: concert.id });
    const { order, buyer } = await buy([{ productID: seat.id, quantity: 2 }]);
    const [before] = await rowsOf<{ starts_at: Date }>(
      db,
      sql`SELECT starts_at FROM ticketing WHERE id = ${concert.id}`,
    );
    const startsAt = new Date(Date.now() + 60 * 86_400_000);
    const body = {
      version: await versionOf(concert.id),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
      refundRequestsUntil: new Date(startsAt.getTime() - 7 * 86_400_000).toISOString(),
    };
    const late = await post(`/ticketings/${concert.id}/postpone`, { ...body, refundRequestsUntil: body.endsAt });
    expect(late.statusCode).toBe(400);
    const response = await post(`/ticketings/${concert.id}/postpone`, body);
    expect(response.statusCode).toBe(200);
    await settle();
    const [after] = await rowsOf<{ starts_at: Date; previous_starts_at: Date; schedule_revision: number }>(
      db,
      sql`SELECT starts_at, previous_starts_at, schedule_revision FROM ticketing WHERE id = ${concert.id}`,
    );
    expect(new Date(after?.starts_at ?? 0).toISOString()).toBe(startsAt.toISOString());
    expect(new Date(after?.previous_starts_at ?? 0).toISOString()).toBe(new Date(before?.starts_at ?? 0).toISOString());
    expect(after?.schedule_revision).toBe(1);
    const mails = (await mailsTo(await emailOf(buyer.id))).filter((mail) =>
      mail.subject.startsWith('Reporté : Ciné-concert'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments).toEqual([`billetterie-${concert.id}.ics`]);
    await settle();
    expect((await mailsTo(await emailOf(buyer.id))).filter((mail) => mail.subject.startsWith('Reporté'))).toHaveLength(
      1,
    );

    // The buyer's order says until when, and a refund asked in time is made.
    const mine = await ctx().app.inject({
      method: 'GET',
      url: `/account/${buyer.id}/orders/${order.orderID}`,
      headers: buyer.headers,
    });
    const item = mine.json<{ items: { ticketing: { refundRequestsUntil: string }; tickets: { id: number }[] }[] }>()
      .items[0];
    expect(item?.ticketing.refundRequestsUntil).toBe(body.refundRequestsUntil);
    const ticketIds = item?.tickets.map((ticket) => ticket.id) ?? [];
    const asked = await ctx().app.inject({
      method: 'POST',
      url: `/account/${buyer.id}/orders/${order.orderID}/postponement-refund`,
      headers: buyer.headers,
      payload: { requestId: crypto.randomUUID(), ticketIds: [ticketIds[0]] },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ reason: 'POSTPONEMENT', amount: 2500 });
    // Past the organiser's date: refused.
    await db.execute(
      sql`UPDATE ticketing SET refund_requests_until = now() - interval '1 minute' WHERE id = ${concert.id}`,
    );
    const tooLate = await ctx().app.inject({
      method: 'POST',
      url: `/account/${buyer.id}/orders/${order.orderID}/postponement-refund`,
      headers: buyer.headers,
      payload: { requestId: crypto.randomUUID(), ticketIds: [ticketIds[1]] },
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: 'REFUND_REFUSED' });
    await settle();
  });
});
