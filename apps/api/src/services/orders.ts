/** A buyer's orders: the list of their account and one order with its lines and tickets. */
import type { OrderDetail, OrderItem, OrdersPage } from '@guichet/contracts';
import { formatInvoiceNumber, withdrawalDeadline } from '@guichet/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { orderItems, orders, products, ticketings, tickets } from '../db/schema.js';
import type { PaymentProvider } from './payments/provider.js';
import type { OrderLinks } from './payments/signatures.js';
import { buyerRefundsOf, creditNotePath } from './refunds/credit-notes.js';

export type OrdersQuery = { page: number; pageSize: number };

/**
 * Units of the outer query's order (the sum of its lines' quantities). The outer column is named through
 * its table: a bare "id" would be read as the subquery's own order_item.id.
 */
const itemCountOf = sql<number>`(SELECT coalesce(sum(oi.quantity), 0)::int
  FROM ${orderItems} oi WHERE oi.order_id = ${orders}.id)`;

/** The user's orders, newest first (created_at then id, through `order_user_created_idx`). */
export async function listOrders(db: Database, userId: number, query: OrdersQuery): Promise<OrdersPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        totalAmount: orders.totalAmount,
        createdAt: orders.createdAt,
        itemCount: itemCountOf,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), itemCount: Number(row.itemCount) })),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * One order of the user, or null when it does not exist *or belongs to someone else*: both look the same
 * from outside, so nobody learns which order ids exist. Tickets are given for a paid order only (a
 * cancelled or refunded order's codes must not be presented at the door).
 */
/** What an order's links are made with: the signed download link, and the provider's way back to pay. */
export type OrderLinkMakers = { links: OrderLinks; payments: Pick<PaymentProvider, 'resumePath'> };

export async function findOrder(
  db: Database,
  { links, payments }: OrderLinkMakers,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderDetail | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;

  const lines = await db
    .select({
      id: orderItems.id,
      productID: orderItems.productId,
      title: orderItems.title,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      lineTotal: orderItems.lineTotal,
      vatRate: orderItems.vatRate,
      productType: products.productType,
      ticketingId: ticketings.id,
      ticketingSlug: ticketings.slug,
      ticketingTitle: ticketings.title,
      ticketingStartsAt: ticketings.startsAt,
      ticketingEndsAt: ticketings.endsAt,
      ticketingVenue: ticketings.venue,
      ticketingCity: ticketings.city,
      ticketingRefundRequestsUntil: ticketings.refundRequestsUntil,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(ticketings, eq(ticketings.id, products.ticketingId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));

  // A paid order's tickets, each saying why it no longer lets anyone in once refunded; a fully refunded
  // order's refunds say it all (its codes are never shown again).
  const ticketRows =
    order.status === 'PAID' && lines.length > 0
      ? await db
          .select({
            id: tickets.id,
            orderItemId: tickets.orderItemId,
            code: tickets.code,
            holderName: tickets.holderName,
            revokedReason: tickets.revokedReason,
            scannedAt: tickets.scannedAt,
          })
          .from(tickets)
          .where(
            inArray(
              tickets.orderItemId,
              lines.map((line) => line.id),
            ),
          )
          .orderBy(asc(tickets.id))
      : [];

  const items: OrderItem[] = lines.map((line) => ({
    id: line.id,
    productID: line.productID,
    title: line.title,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.lineTotal,
    productType: line.productType,
    vatRate: line.vatRate,
    ticketing:
      line.ticketingId === null
        ? null
        : {
            id: line.ticketingId,
            slug: line.ticketingSlug ?? '',
            title: line.ticketingTitle ?? '',
            startsAt: (line.ticketingStartsAt ?? new Date(0)).toISOString(),
            endsAt: (line.ticketingEndsAt ?? new Date(0)).toISOString(),
            venue: line.ticketingVenue ?? '',
            city: line.ticketingCity ?? '',
            refundRequestsUntil: line.ticketingRefundRequestsUntil?.toISOString() ?? null,
          },
    tickets: ticketRows
      .filter((ticket) => ticket.orderItemId === line.id)
      .map(({ id, code, holderName, revokedReason, scannedAt }) => ({
        id,
        code,
        holderName,
        revokedReason,
        scannedAt: scannedAt?.toISOString() ?? null,
      })),
    // A deal bought at a distance may be withdrawn from within 14 days (L221-18); a dated event may not (L221-28).
    withdrawalUntil:
      line.productType === 'OFFER' && order.paidAt !== null ? withdrawalDeadline(order.paidAt).toISOString() : null,
  }));

  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    totalAmount: order.totalAmount,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    invoiceNumber: order.invoiceNumber === null ? null : formatInvoiceNumber(order.invoiceNumber),
    // Payable while its places are held: an expired order may still be paid late from a page left open
    // (the payment service decides), but the site no longer offers it.
    paymentPath:
      order.status === 'PENDING' && order.expiresAt !== null && order.expiresAt > now
        ? payments.resumePath(order.id)
        : null,
    downloadPath: order.status === 'PAID' ? links.downloadPath(order.id) : null,
    facturationAddress: order.facturationAddress ?? null,
    items,
    refunds: await buyerRefundsOf(db, order.id, (number) => creditNotePath(links, order.id, number)),
  };
}
