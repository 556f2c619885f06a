/**
 * Door control's fixtures (by SQL, as sales leave them): an organiser with an owner and a scanner, two of its
 * ticketings and a deal it is the partner of, each with paid tickets; another organiser with a ticketing of
 * its own. The codes are the tickets PDF's: signed by the API's own `signedTicketCode`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../src/db/client.js';
import { offers, orderItems, orders, products, tickets } from '../../src/db/schema.js';
import { newTicketCode } from '../../src/services/documents/codes.js';
import { pgArray } from '../../src/services/door/scope.js';
import { signedTicketCode } from '../../src/services/door/sign.js';
import { registerUser } from '../auth/support.js';
import { insertConcert } from '../helpers.js';
import { addMember, organizerOf, proUser, type TestContext } from '../pro/support.js';

export type DoorTicketFixture = { id: number; code: string; signed: string; holder: string };
export type ScopeFixture = { id: number; productId: number; productTitle: string; tickets: DoorTicketFixture[] };

let orderNumber = 0;

/** A paid order of `count` units of `productId`, one ticket each. */
async function paidTickets(
  context: TestContext,
  productId: number,
  count: number,
  sign: (ticketId: number) => Promise<string>,
): Promise<DoorTicketFixture[]> {
  const { db } = context.database;
  const buyer = await registerUser(context.app);
  orderNumber += 1;
  const [order] = await db
    .insert(orders)
    .values({
      reference: `GU-DOOR-${Date.now()}-${orderNumber}`,
      userId: buyer.id,
      status: 'PAID',
      totalAmount: 2500 * count,
      paidAt: new Date(),
      invoiceNumber: 800_000 + orderNumber + Math.floor(Math.random() * 100_000),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order');
  const holders = Array.from({ length: count }, (_, index) => `Titulaire ${orderNumber}-${index + 1}`);
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId,
      title: 'Plein tarif',
      unitPrice: 2500,
      quantity: count,
      lineTotal: 2500 * count,
      holderNames: holders,
    })
    .returning({ id: orderItems.id });
  if (!item) throw new Error('order item');
  const rows = await db
    .insert(tickets)
    .values(holders.map((holderName) => ({ orderItemId: item.id, code: newTicketCode(), holderName })))
    .returning({ id: tickets.id, code: tickets.code, holder: tickets.holderName });
  return Promise.all(rows.map(async (row) => ({ ...row, signed: await sign(row.id) })));
}

async function ticketingScope(context: TestContext, organizerId: number, title: string, count: number) {
  const { db } = context.database;
  const ticketing = await insertConcert(db, { title: `${title} ${randomUUID().slice(0, 8)}`, organizerId });
  const productTitle = `Catégorie ${title}`;
  const [product] = await db
    .insert(products)
    .values({
      productType: 'TICKET',
      ticketingId: ticketing.id,
      title: productTitle,
      price: 2500,
      quota: 10,
      stock: 1000,
      sold: count,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product');
  const list = await paidTickets(context, product.id, count, (ticketId) =>
    signedTicketCode(db, { kind: 'TICKET', organizerId, scopeId: ticketing.id, ticketId }),
  );
  return { id: ticketing.id, productId: product.id, productTitle, tickets: list };
}

async function offerScope(context: TestContext, organizerId: number | null, count: number) {
  const { db } = context.database;
  const slug = `bon-${randomUUID().slice(0, 8)}`;
  const [offer] = await db
    .insert(offers)
    .values({
      slug,
      title: 'Brunch pour deux',
      summary: 'Un brunch.',
      description: { type: 'doc', content: [] },
      category: 'Restaurants',
      city: 'Lyon',
      citySlug: 'lyon',
      partner: 'Le Quai 41',
      organizerId,
      validFrom: new Date(Date.now() - 86_400_000),
      validUntil: new Date(Date.now() + 90 * 86_400_000),
    })
    .returning({ id: offers.id });
  if (!offer) throw new Error('offer');
  const productTitle = 'Brunch';
  const [product] = await db
    .insert(products)
    .values({
      productType: 'OFFER',
      offerId: offer.id,
      title: productTitle,
      price: 3000,
      quota: 4,
      stock: 100,
      sold: count,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product');
  const list = await paidTickets(context, product.id, count, async (ticketId) =>
    organizerId === null ? '' : signedTicketCode(db, { kind: 'VOUCHER', organizerId, scopeId: offer.id, ticketId }),
  );
  return { id: offer.id, productId: product.id, productTitle, tickets: list };
}

export type CrowdFixture = ScopeFixture & {
  buyerId: number;
  /** The orders, each with its tickets' ids (ascending): what a refund names. */
  orders: { id: number; ticketIds: number[] }[];
};

/**
 * A ticketing of `organizerId` with `count` paid tickets (a full house), in orders of `perOrder` tickets of one
 * buyer, written in three statements as the seed writes sales (paid orders, their lines, their tickets: the
 * sales triggers count them): a checkout per order would take minutes. The codes are drawn and signed here, as
 * the tickets PDF signs them.
 */
export async function crowdTicketing(
  context: TestContext,
  organizerId: number,
  { count, perOrder }: { count: number; perOrder: number },
): Promise<CrowdFixture> {
  const { db } = context.database;
  const ticketing = await insertConcert(db, { title: `Complet ${randomUUID().slice(0, 8)}`, organizerId });
  const productTitle = 'Catégorie Fosse';
  const [product] = await db
    .insert(products)
    .values({
      productType: 'TICKET',
      ticketingId: ticketing.id,
      title: productTitle,
      price: 2500,
      quota: 10,
      stock: count,
      sold: count,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product');
  const buyer = await registerUser(context.app);
  const orderCount = Math.ceil(count / perOrder);
  const batch = randomUUID().slice(0, 8);
  const codes = Array.from({ length: count }, () => newTicketCode());
  // Invoice numbers after any an earlier fixture of this database took (they are unique, like real ones).
  const made = await rowsOf<{ orderId: number; ticketId: number; code: string; holder: string }>(
    db,
    sql`WITH numbering AS (SELECT coalesce(max(invoice_number), 0) AS last FROM "order"),
      made AS (
        INSERT INTO "order" (reference, user_id, status, total_amount, paid_at, invoice_number)
        SELECT 'GU-FOULE-' || ${batch} || '-' || n, ${buyer.id}, 'PAID',
          2500 * least(${perOrder}, ${count} - (n - 1) * ${perOrder}), now(), numbering.last + n
        FROM generate_series(1, ${orderCount}) n, numbering
        RETURNING id, total_amount / 2500 AS quantity
      ), lines AS (
        INSERT INTO order_item (order_id, product_id, title, unit_price, quantity, line_total, holder_names)
        SELECT id, ${product.id}, 'Plein tarif', 2500, quantity, 2500 * quantity,
          (SELECT jsonb_agg('Titulaire ' || id || '-' || k ORDER BY k) FROM generate_series(1, quantity) k)
        FROM made
        RETURNING id, order_id, quantity, holder_names
      ), seats AS (
        SELECT l.id, l.order_id, k, l.holder_names ->> (k - 1) AS holder,
          row_number() OVER (ORDER BY l.id, k) AS seat
        FROM lines l, generate_series(1, l.quantity) k
      ), issued AS (
        INSERT INTO ticket (order_item_id, code, holder_name)
        SELECT s.id, (${pgArray(codes)}::text[])[s.seat], s.holder FROM seats s
        RETURNING id, order_item_id, code, holder_name
      )
      SELECT l.order_id AS "orderId", i.id AS "ticketId", i.code, i.holder_name AS holder
      FROM issued i JOIN lines l ON l.id = i.order_item_id ORDER BY i.id`,
  );
  const tickets: DoorTicketFixture[] = [];
  for (const row of made) {
    const signed = await signedTicketCode(db, {
      kind: 'TICKET',
      organizerId,
      scopeId: ticketing.id,
      ticketId: row.ticketId,
    });
    tickets.push({ id: row.ticketId, code: row.code, holder: row.holder, signed });
  }
  const orders = new Map<number, number[]>();
  for (const row of made) orders.set(row.orderId, [...(orders.get(row.orderId) ?? []), row.ticketId]);
  return {
    id: ticketing.id,
    productId: product.id,
    productTitle,
    tickets,
    buyerId: buyer.id,
    orders: [...orders].map(([id, ticketIds]) => ({ id, ticketIds })),
  };
}

export async function doorFixture(context: TestContext, ticketsPerScope = 4) {
  const owner = await proUser(context);
  const scanner = await proUser(context);
  const manager = await proUser(context);
  const organizerId = await organizerOf(context, owner.id, 'Porte');
  await addMember(context, organizerId, scanner.id, 'SCANNER');
  await addMember(context, organizerId, manager.id, 'MANAGER');
  const concert = await ticketingScope(context, organizerId, 'Concert', ticketsPerScope);
  const festival = await ticketingScope(context, organizerId, 'Festival', ticketsPerScope);
  const brunch = await offerScope(context, organizerId, ticketsPerScope);

  const otherOwner = await proUser(context);
  const otherOrganizerId = await organizerOf(context, otherOwner.id, 'Ailleurs');
  const elsewhere = await ticketingScope(context, otherOrganizerId, 'Ailleurs', 2);
  const unpartnered = await offerScope(context, null, 1);
  return {
    owner,
    scanner,
    manager,
    organizerId,
    concert,
    festival,
    brunch,
    otherOwner,
    otherOrganizerId,
    elsewhere,
    unpartnered,
  };
}
export type DoorFixture = Awaited<ReturnType<typeof doorFixture>>;

export const scopeUrl = (organizerId: number, kind: 'ticketings' | 'offers', id: number, tail: string) =>
  `/pro/organizers/${organizerId}/door/${kind}/${id}/${tail}`;

/** Check-ins of a ticket, oldest scan first. */
export async function checkInsOf(db: Database, ticketId: number) {
  const result = (await db.execute(
    sql`SELECT nonce, gate, device_id AS "deviceId", local_verdict AS verdict, conflict, scanned_at AS "scannedAt"
        FROM check_in WHERE ticket_id = ${ticketId} ORDER BY scanned_at, id`,
  )) as {
    rows: { nonce: string; gate: string; deviceId: string; verdict: string; conflict: boolean; scannedAt: unknown }[];
  };
  return result.rows;
}
