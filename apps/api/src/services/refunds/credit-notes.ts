/** A refund's credit note as a document, and the refunds of an order as the organiser and the buyer see them. */
import type { BuyerRefund, ProRefund } from '@guichet/contracts';
import { formatCreditNoteNumber, formatInvoiceNumber, type RefundReason, type VatRate } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import type { CreditNoteDocument } from '../documents/credit-note-pdf.js';
import { invoiceSeller } from '../documents/order-documents.js';
import type { OrderLinks } from '../payments/signatures.js';

/** Why, as the credit note and the mails say it. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  ORGANIZER: 'Remboursement par l’organisateur',
  CANCELLATION: 'Annulation de l’événement',
  POSTPONEMENT: 'Report de l’événement',
  WITHDRAWAL: 'Rétractation',
};

/**
 * The signed link of a credit note: the signature of the order's download link (whoever may download the
 * order's documents may download its credit notes), on the API's credit note route.
 */
export function creditNotePath(links: OrderLinks, orderId: number, number: number): string {
  const signature = new URLSearchParams(links.downloadPath(orderId).split('?')[1] ?? '').get('sig') ?? '';
  return `/orders/${orderId}/credit-notes/${number}?sig=${encodeURIComponent(signature)}`;
}

/** The credit note file's name, as downloads and mails give it. */
export const creditNoteFileName = (number: string) => `avoir-${number}.pdf`;

type NoteRow = {
  id: number;
  order_id: number;
  organizer_id: number | null;
  user_id: number;
  reason: RefundReason;
  credit_note_number: number;
  refunded_at: Date | string;
  invoice_number: number | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  reference: string;
  firstname: string;
  lastname: string;
  facturation_address: { street?: string; postalCode?: string; city?: string; country?: string } | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The credit note numbered `number` (AV-…) of order `orderId`, or null: unknown, not yet made (a refund is
 * numbered when it succeeds), of another order or — when `organizerId` is given — of another organiser.
 */
export async function loadCreditNote(
  db: Database,
  where: { orderId: number; number: number; organizerId?: number },
): Promise<{ document: CreditNoteDocument; userId: number } | null> {
  const [row] = await rowsOf<NoteRow>(
    db,
    sql`SELECT r.id, r.order_id, r.organizer_id, o.user_id, r.reason, r.credit_note_number, r.refunded_at,
        o.invoice_number, o.paid_at, o.created_at, o.reference, u.firstname, u.lastname, o.facturation_address
      FROM refund r JOIN "order" o ON o.id = r.order_id JOIN "user" u ON u.id = o.user_id
      WHERE r.credit_note_number = ${where.number} AND r.order_id = ${where.orderId} AND r.status = 'SUCCEEDED'`,
  );
  if (!row || row.invoice_number === null) return null;
  if (where.organizerId !== undefined && row.organizer_id !== where.organizerId) return null;
  const lines = await rowsOf<{ title: string; quantity: number; unit_price: number; vat_rate: VatRate }>(
    db,
    sql`SELECT oi.title, l.quantity, oi.unit_price, l.vat_rate
      FROM refund_line l JOIN order_item oi ON oi.id = l.order_item_id
      WHERE l.refund_id = ${row.id} ORDER BY oi.id`,
  );
  const address = row.facturation_address;
  return {
    userId: row.user_id,
    document: {
      number: formatCreditNoteNumber(row.credit_note_number),
      issuedAt: iso(row.refunded_at),
      invoiceNumber: formatInvoiceNumber(row.invoice_number),
      invoiceDate: iso(row.paid_at ?? row.created_at),
      orderReference: row.reference,
      seller: invoiceSeller(),
      buyer: {
        name: `${row.firstname} ${row.lastname}`.trim(),
        addressLines: address
          ? [
              address.street ?? '',
              `${address.postalCode ?? ''} ${address.city ?? ''}`.trim(),
              address.country ?? '',
            ].filter(Boolean)
          : [],
      },
      lines: lines.map((line) => ({
        designation: line.title,
        quantity: line.quantity,
        unitPriceInclVat: line.unit_price,
        vatRate: line.vat_rate,
      })),
      reason: REFUND_REASON_LABELS[row.reason],
    },
  };
}

type RefundRow = {
  id: number;
  reason: RefundReason;
  status: ProRefund['status'];
  amount: number;
  created_at: Date | string;
  refunded_at: Date | string | null;
  credit_note_number: number | null;
  ticket_codes: string[] | null;
};

async function refundRows(db: Database, orderId: number, organizerId?: number): Promise<RefundRow[]> {
  const mine = organizerId === undefined ? sql`` : sql`AND r.organizer_id = ${organizerId}`;
  return rowsOf<RefundRow>(
    db,
    sql`SELECT r.id, r.reason, r.status, r.amount, r.created_at, r.refunded_at, r.credit_note_number,
        (SELECT array_agg(k.code ORDER BY k.id) FROM ticket k WHERE k.refund_id = r.id) AS ticket_codes
      FROM refund r WHERE r.order_id = ${orderId} ${mine} ORDER BY r.id`,
  );
}

/** An order's refunds of this organiser's lines, oldest first. */
export async function proRefundsOf(db: Database, orderId: number, organizerId: number): Promise<ProRefund[]> {
  return (await refundRows(db, orderId, organizerId)).map((row) => ({
    id: row.id,
    reason: row.reason,
    status: row.status,
    amount: row.amount,
    createdAt: iso(row.created_at),
    refundedAt: row.refunded_at === null ? null : iso(row.refunded_at),
    creditNote: row.credit_note_number === null ? null : formatCreditNoteNumber(row.credit_note_number),
    ticketCodes: row.ticket_codes ?? [],
  }));
}

/**
 * An order's refunds as its buyer sees them, with the signed link of each credit note (the download links'
 * signature: whoever holds the order's documents may have its credit notes).
 */
export async function buyerRefundsOf(
  db: Database,
  orderId: number,
  creditNotePath: (number: number) => string,
): Promise<BuyerRefund[]> {
  return (await refundRows(db, orderId)).map((row) => ({
    id: row.id,
    reason: row.reason,
    status: row.status,
    amount: row.amount,
    createdAt: iso(row.created_at),
    refundedAt: row.refunded_at === null ? null : iso(row.refunded_at),
    creditNote: row.credit_note_number === null ? null : formatCreditNoteNumber(row.credit_note_number),
    creditNotePath: row.credit_note_number === null ? null : creditNotePath(row.credit_note_number),
  }));
}
