/**
 * Everything an order's documents are made of, read in three queries (order with its buyer, lines with
 * their product and ticketing or offer, tickets), whatever the number of lines: the download route and
 * the confirmation e-mail both start here, so the PDF a buyer downloads is the one they were sent.
 */
import {
  formatAddress,
  formatInvoiceNumber,
  formatPrice,
  formatRcs,
  LEGAL_ENTITY,
  type OrderStatus,
  richTextPlainText,
  ticketEventWhen,
  ticketingPath,
  ticketingSlugId,
} from '@guichet/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, orderItems, orders, products, ticketings, tickets, users } from '../../db/schema.js';
import { signedTicketCode } from '../door/sign.js';
import type { InvoiceDocument, InvoiceSeller } from './invoice-pdf.js';
import type { EventTicket, OfferVoucher, TicketsDocument } from './tickets-pdf.js';

export type OrderSummaryLine = {
  title: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** A ticket's event: when (ticketEventWhen, as of the payment) and where; null for a deal. */
  event: { when: string; place: string } | null;
};

export type OrderBuyerSummary = {
  id: number;
  reference: string;
  status: OrderStatus;
  userId: number;
  email: string;
  firstname: string;
  /** « Prénom Nom », as the invoice names the buyer. */
  buyerName: string;
  /** ISO instant, null while unpaid. */
  paidAt: string | null;
  totalAmount: number;
  /** « FAC-000042 », null until the order is paid. */
  invoiceNumber: string | null;
};

/** A dated event of the order, once however many of its tickets were bought: one .ics each. */
export type OrderEvent = {
  ticketingId: number;
  title: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** Venue and postal address on one line. */
  address: string;
  /** The ticketing's page, from the site's root (the caller knows the site's address). */
  path: string;
  /** « les-nuits-electriques-1 »: the .ics file's name without its extension. */
  slugId: string;
  cancelled: boolean;
};

export type OrderDocuments = {
  order: OrderBuyerSummary;
  lines: OrderSummaryLine[];
  hasVouchers: boolean;
  tickets: TicketsDocument;
  invoice: InvoiceDocument | null;
  events: OrderEvent[];
};

/** The file names the download route and the e-mail both give. */
export const documentFileName = {
  tickets: (reference: string) => `billets-${reference}.pdf`,
  invoice: (invoiceNumber: string) => `facture-${invoiceNumber}.pdf`,
};

/** The seller as the Code de commerce wants it on an invoice, from the one place the legal identity lives. */
export function invoiceSeller(): InvoiceSeller {
  const entity = LEGAL_ENTITY;
  const office = entity.registeredOffice;
  return {
    name: entity.companyName,
    legalForm: `${entity.legalForm} au capital de ${formatPrice(entity.shareCapital)}`,
    addressLines: [office.street, `${office.postalCode} ${office.city}`, office.country],
    siren: entity.rcsNumber,
    vatNumber: entity.vatNumber,
    registration: formatRcs(entity),
  };
}

/** The order and its buyer alone: what a notice without documents (late refund) needs. */
/** Whose an order is, whether it is paid and its reference: what deciding on a download needs; null if unknown. */
export async function loadOrderOwnership(db: Database, orderId: number) {
  const [order] = await db
    .select({ userId: orders.userId, status: orders.status, reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return order ?? null;
}

export async function loadOrderBuyer(db: Database, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const { order } = row;
  const summary: OrderBuyerSummary = {
    id: order.id,
    reference: order.reference,
    status: order.status,
    userId: order.userId,
    email: row.email,
    firstname: row.firstname,
    buyerName: `${row.firstname} ${row.lastname}`.trim(),
    paidAt: order.paidAt?.toISOString() ?? null,
    totalAmount: order.totalAmount,
    invoiceNumber: order.invoiceNumber === null ? null : formatInvoiceNumber(order.invoiceNumber),
  };
  return { summary, row: order };
}

/** An order's documents, or null when no order has this id. */
export async function loadOrderDocuments(db: Database, orderId: number): Promise<OrderDocuments | null> {
  const loaded = await loadOrderBuyer(db, orderId);
  if (!loaded) return null;
  const { summary, row: order } = loaded;

  const lines = await db
    .select({
      id: orderItems.id,
      title: orderItems.title,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      lineTotal: orderItems.lineTotal,
      vatRate: orderItems.vatRate,
      productTitle: products.title,
      ticketing: {
        id: ticketings.id,
        slug: ticketings.slug,
        title: ticketings.title,
        startsAt: ticketings.startsAt,
        endsAt: ticketings.endsAt,
        venue: ticketings.venue,
        address: ticketings.address,
        postalCode: ticketings.postalCode,
        city: ticketings.city,
        status: ticketings.status,
        organizerId: ticketings.organizerId,
      },
      offer: {
        id: offers.id,
        title: offers.title,
        partner: offers.partner,
        partnerAddress: offers.partnerAddress,
        validUntil: offers.validUntil,
        terms: offers.terms,
        organizerId: offers.organizerId,
      },
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(ticketings, eq(ticketings.id, products.ticketingId))
    .leftJoin(offers, eq(offers.id, products.offerId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));

  const ticketRows =
    lines.length === 0
      ? []
      : await db
          .select({
            id: tickets.id,
            orderItemId: tickets.orderItemId,
            code: tickets.code,
            holderName: tickets.holderName,
          })
          .from(tickets)
          .where(
            and(
              inArray(
                tickets.orderItemId,
                lines.map((line) => line.id),
              ),
              // A refunded ticket lets no one in: it is not printed again (its code is in every door's revocations).
              isNull(tickets.revokedAt),
            ),
          )
          .orderBy(asc(tickets.orderItemId), asc(tickets.id));

  const lineById = new Map(lines.map((line) => [line.id, line]));
  const admissions: (EventTicket | OfferVoucher)[] = [];
  for (const ticket of ticketRows) {
    const line = lineById.get(ticket.orderItemId);
    if (!line) continue;
    const common = {
      holderName: ticket.holderName,
      productTitle: line.productTitle,
      pricePaid: line.unitPrice,
      orderReference: order.reference,
      code: ticket.code,
    };
    if (line.ticketing) {
      admissions.push({
        kind: 'ticket',
        ...common,
        qrText: await signedTicketCode(db, {
          kind: 'TICKET',
          organizerId: line.ticketing.organizerId,
          scopeId: line.ticketing.id,
          ticketId: ticket.id,
        }),
        eventTitle: line.ticketing.title,
        startsAt: line.ticketing.startsAt.toISOString(),
        endsAt: line.ticketing.endsAt.toISOString(),
        venueName: line.ticketing.venue,
        venueAddress: formatAddress({ ...line.ticketing, venue: null }),
      });
    } else if (line.offer) {
      admissions.push({
        kind: 'voucher',
        ...common,
        // A deal whose partner is an organiser of the pro site is checked offline by its scanners; any other
        // keeps its printed code in the QR, checked online only.
        qrText:
          line.offer.organizerId === null
            ? ticket.code
            : await signedTicketCode(db, {
                kind: 'VOUCHER',
                organizerId: line.offer.organizerId,
                scopeId: line.offer.id,
                ticketId: ticket.id,
              }),
        offerTitle: line.offer.title,
        partnerName: line.offer.partner,
        partnerAddress: line.offer.partnerAddress,
        validUntil: line.offer.validUntil.toISOString(),
        terms: richTextPlainText(line.offer.terms),
      });
    }
  }

  const events = new Map<number, OrderEvent>();
  for (const { ticketing } of lines) {
    if (!ticketing || events.has(ticketing.id)) continue;
    events.set(ticketing.id, {
      ticketingId: ticketing.id,
      title: ticketing.title,
      startsAt: ticketing.startsAt.toISOString(),
      endsAt: ticketing.endsAt.toISOString(),
      address: formatAddress(ticketing),
      path: ticketingPath(ticketing),
      slugId: ticketingSlugId(ticketing),
      cancelled: ticketing.status === 'CANCELLED',
    });
  }

  // Only a paid (or since refunded) order has been invoiced: the number comes from the payment.
  const invoiced = (order.status === 'PAID' || order.status === 'REFUNDED') && summary.invoiceNumber !== null;
  const paidAt = summary.paidAt ?? order.createdAt.toISOString();
  const address = order.facturationAddress;
  const invoice: InvoiceDocument | null = invoiced
    ? {
        number: summary.invoiceNumber as string,
        issuedAt: paidAt,
        soldAt: order.createdAt.toISOString(),
        paidAt,
        seller: invoiceSeller(),
        buyer: {
          name: summary.buyerName,
          addressLines: address
            ? [address.street, `${address.postalCode} ${address.city}`.trim(), address.country].filter(Boolean)
            : [],
        },
        lines: lines.map((line) => ({
          designation: line.title,
          quantity: line.quantity,
          unitPriceInclVat: line.unitPrice,
          vatRate: line.vatRate,
        })),
        orderReference: order.reference,
      }
    : null;

  return {
    order: summary,
    lines: lines.map(({ title, quantity, unitPrice, lineTotal, ticketing }) => ({
      title,
      quantity,
      unitPrice,
      lineTotal,
      event: ticketing
        ? {
            when: ticketEventWhen(
              { startsAt: ticketing.startsAt.toISOString(), endsAt: ticketing.endsAt.toISOString() },
              paidAt,
            ),
            place: formatAddress(ticketing),
          }
        : null,
    })),
    hasVouchers: lines.some((line) => line.offer !== null),
    tickets: { admissions, datedAt: paidAt },
    invoice,
    events: [...events.values()],
  };
}
