/**
 * The after-sale e-mails as sent (send-confirmation.ts's way: load, render, attach, send). Who sends each one
 * once — or at least once — is the worker's business (worker.ts leases), not theirs.
 */
import { buildIcsCalendar, formatAddress, formatEventDate } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { renderCreditNotePdf } from '../documents/credit-note-pdf.js';
import { documentFileName, loadOrderBuyer, loadOrderDocuments } from '../documents/order-documents.js';
import { renderTicketsPdf } from '../documents/tickets-pdf.js';
import type { Mailer } from '../mail/mailer.js';
import {
  cancellationMail,
  postponementMail,
  refundMail,
  ticketsResendMail,
  withdrawalAcknowledgementMail,
} from '../mail/templates.js';
import type { OrderLinks } from '../payments/signatures.js';
import { creditNoteFileName, loadCreditNote } from './credit-notes.js';

export type AfterSaleMailDeps = { db: Database; mailer: Mailer; links: OrderLinks; siteUrl: string };

const siteRoot = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
const orderUrl = (deps: AfterSaleMailDeps, orderId: number) => `${siteRoot(deps.siteUrl)}/account/orders/${orderId}`;

type RefundMailRow = {
  order_id: number;
  reason: string;
  amount: number;
  credit_note_number: number | null;
  message: string | null;
  event_title: string | null;
  titles: string[] | null;
};

async function refundMailRow(db: Database, refundId: number): Promise<RefundMailRow | null> {
  const [row] = await rowsOf<RefundMailRow>(
    db,
    sql`SELECT r.order_id, r.reason, r.amount, r.credit_note_number, j.message, t.title AS event_title,
        (SELECT array_agg(oi.title || CASE WHEN l.quantity > 1 THEN ' × ' || l.quantity ELSE '' END ORDER BY oi.id)
          FROM refund_line l JOIN order_item oi ON oi.id = l.order_item_id WHERE l.refund_id = r.id) AS titles
      FROM refund r
      LEFT JOIN refund_job j ON j.id = r.job_id
      LEFT JOIN ticketing t ON t.id = j.ticketing_id
      WHERE r.id = ${refundId}`,
  );
  return row ?? null;
}

/** The refund done: the credit note attached; a cancellation's own words when the event was cancelled. */
export async function sendRefundMail(deps: AfterSaleMailDeps, refundId: number): Promise<void> {
  const row = await refundMailRow(deps.db, refundId);
  if (!row || row.credit_note_number === null) throw new Error(`Remboursement non fait : ${refundId}`);
  const [buyer, note] = await Promise.all([
    loadOrderBuyer(deps.db, row.order_id),
    loadCreditNote(deps.db, { orderId: row.order_id, number: row.credit_note_number }),
  ]);
  if (!buyer || !note) throw new Error(`Avoir introuvable : remboursement ${refundId}`);
  const { summary } = buyer;
  const attachment = {
    filename: creditNoteFileName(note.document.number),
    content: await renderCreditNotePdf(note.document),
    contentType: 'application/pdf',
  };
  const common = {
    to: summary.email,
    firstname: summary.firstname,
    reference: summary.reference,
    amount: row.amount,
    creditNote: note.document.number,
    orderUrl: orderUrl(deps, row.order_id),
  };
  const message =
    row.reason === 'CANCELLATION' && row.event_title !== null
      ? cancellationMail({ ...common, eventTitle: row.event_title, message: row.message })
      : refundMail({ ...common, titles: row.titles ?? [] });
  await deps.mailer.send({ ...message, attachments: [attachment] });
}

/** L221-21: the withdrawal acknowledged as soon as it is recorded (the credit note follows the refund). */
export async function sendWithdrawalAcknowledgement(deps: AfterSaleMailDeps, refundId: number): Promise<void> {
  const row = await refundMailRow(deps.db, refundId);
  const buyer = row ? await loadOrderBuyer(deps.db, row.order_id) : null;
  if (!row || !buyer) throw new Error(`Remboursement introuvable : ${refundId}`);
  await deps.mailer.send(
    withdrawalAcknowledgementMail({
      to: buyer.summary.email,
      firstname: buyer.summary.firstname,
      reference: buyer.summary.reference,
      amount: row.amount,
      titles: row.titles ?? [],
      orderUrl: orderUrl(deps, row.order_id),
    }),
  );
}

/** The order's valid tickets and vouchers again, in one PDF, to the address it went to; null when none is left. */
export async function sendTicketsAgain(deps: AfterSaleMailDeps, orderId: number): Promise<string | null> {
  const documents = await loadOrderDocuments(deps.db, orderId);
  if (!documents) return null;
  // Revoked tickets never leave again, whatever the documents' loader keeps.
  const valid = new Set(
    (
      await rowsOf<{ code: string }>(
        deps.db,
        sql`SELECT k.code FROM ticket k JOIN order_item oi ON oi.id = k.order_item_id
          WHERE oi.order_id = ${orderId} AND k.revoked_at IS NULL`,
      )
    ).map((row) => row.code),
  );
  const admissions = documents.tickets.admissions.filter((admission) => valid.has(admission.code));
  if (admissions.length === 0) return null;
  const { order } = documents;
  const message = ticketsResendMail({
    to: order.email,
    firstname: order.firstname,
    reference: order.reference,
    orderUrl: orderUrl(deps, orderId),
  });
  await deps.mailer.send({
    ...message,
    attachments: [
      {
        filename: documentFileName.tickets(order.reference),
        content: await renderTicketsPdf({ ...documents.tickets, admissions }),
        contentType: 'application/pdf',
      },
    ],
  });
  return order.email;
}

/** One buyer told of a postponement: the new date, the first one, until when a refund may be asked. */
export async function sendPostponementNotice(
  deps: AfterSaleMailDeps,
  notice: { ticketingId: number; orderId: number },
): Promise<void> {
  const [row] = await rowsOf<{
    title: string;
    starts_at: Date | string;
    ends_at: Date | string;
    previous_starts_at: Date | string | null;
    refund_requests_until: Date | string | null;
    schedule_revision: number;
    venue: string;
    address: string;
    postal_code: string;
    city: string;
  }>(
    deps.db,
    sql`SELECT title, starts_at, ends_at, previous_starts_at, refund_requests_until, schedule_revision, venue, address,
        postal_code, city
      FROM ticketing WHERE id = ${notice.ticketingId}`,
  );
  const buyer = await loadOrderBuyer(deps.db, notice.orderId);
  if (!row || !buyer) throw new Error(`Report introuvable : ${notice.ticketingId}/${notice.orderId}`);
  await deps.mailer.send({
    ...postponementMail({
      to: buyer.summary.email,
      firstname: buyer.summary.firstname,
      reference: buyer.summary.reference,
      eventTitle: row.title,
      newDate: formatEventDate(row.starts_at),
      previousDate: formatEventDate(row.previous_starts_at ?? row.starts_at),
      refundUntil: row.refund_requests_until ? formatEventDate(row.refund_requests_until) : '',
      orderUrl: orderUrl(deps, notice.orderId),
    }),
    // The confirmation's calendar entry (same UID) moved: its SEQUENCE, the schedule's revision, is higher.
    attachments: [
      {
        filename: `billetterie-${notice.ticketingId}.ics`,
        content: Buffer.from(
          buildIcsCalendar({
            uid: `billetterie-${notice.ticketingId}@${new URL(siteRoot(deps.siteUrl)).hostname}`,
            stamp: new Date(),
            start: new Date(row.starts_at),
            end: new Date(row.ends_at),
            summary: row.title,
            location: formatAddress({
              venue: row.venue,
              address: row.address,
              postalCode: row.postal_code,
              city: row.city,
            }),
            sequence: row.schedule_revision,
          }),
          'utf8',
        ),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}
