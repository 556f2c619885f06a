/**
 * The tickets PDF's codes as the door reads them: a ticket's QR holds its signed code for its ticketing, a
 * partner's voucher its signed code for the offer, a voucher without a partner organiser its printed code; a
 * revoked ticket is not printed again.
 */
import { parseTicketQr } from '@guichet/domain/door';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, tickets } from '../../src/db/schema.js';
import { loadOrderDocuments } from '../../src/services/documents/order-documents.js';
import { createTestApp } from '../helpers.js';
import type { TestContext } from '../pro/support.js';
import { type DoorFixture, doorFixture } from './support.js';

let context: TestContext;
let f: DoorFixture;

beforeAll(async () => {
  context = await createTestApp();
  f = await doorFixture(context, 3);
});
afterAll(async () => {
  await context.close();
});

/** The documents of the order holding `ticketId`. */
async function documentsOf(ticketId: number) {
  const { db } = context.database;
  const [row] = await db
    .select({ orderId: orderItems.orderId })
    .from(tickets)
    .innerJoin(orderItems, eq(orderItems.id, tickets.orderItemId))
    .where(eq(tickets.id, ticketId));
  const documents = await loadOrderDocuments(db, row?.orderId ?? 0);
  if (!documents) throw new Error('documents');
  return documents.tickets.admissions;
}

describe('the codes the tickets PDF prints', () => {
  it('signs each ticket for its ticketing, the same code at every render', async () => {
    const admissions = await documentsOf(f.concert.tickets[0]?.id ?? 0);
    expect(admissions.map((admission) => admission.qrText)).toEqual(f.concert.tickets.map((ticket) => ticket.signed));
    expect(admissions.map((admission) => parseTicketQr(admission.qrText))).toEqual(
      f.concert.tickets.map((ticket) =>
        expect.objectContaining({ kind: 'TICKET', scopeId: f.concert.id, ticketId: ticket.id }),
      ),
    );
    expect(admissions.map((admission) => admission.code)).toEqual(f.concert.tickets.map((ticket) => ticket.code));
  });

  it('signs a partner’s vouchers for the offer; without a partner organiser the QR keeps the printed code', async () => {
    const partnered = await documentsOf(f.brunch.tickets[0]?.id ?? 0);
    expect(parseTicketQr(partnered[0]?.qrText ?? '')).toMatchObject({ kind: 'VOUCHER', scopeId: f.brunch.id });
    const plain = await documentsOf(f.unpartnered.tickets[0]?.id ?? 0);
    expect(plain.map((admission) => admission.qrText)).toEqual(plain.map((admission) => admission.code));
  });

  it('leaves a revoked ticket out', async () => {
    const revoked = f.festival.tickets[1];
    if (!revoked) throw new Error('ticket');
    await context.database.db
      .update(tickets)
      .set({ revokedAt: new Date(), revokedReason: 'ORGANIZER' })
      .where(eq(tickets.id, revoked.id));
    const admissions = await documentsOf(revoked.id);
    expect(admissions.map((admission) => admission.code)).toEqual(
      f.festival.tickets.filter((ticket) => ticket.id !== revoked.id).map((ticket) => ticket.code),
    );
  });
});
