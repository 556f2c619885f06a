/**
 * The e-mails the payment sends once its transaction has committed: the confirmation with every document
 * attached, or the notice of a late payment refunded. confirmPayment calls each at most once per order
 * (it owns "only once"); these only build and send.
 */
import { buildIcsCalendar } from '@guichet/domain';
import type { Database } from '../../db/client.js';
import type { MailAttachment, Mailer } from '../mail/mailer.js';
import { lateRefundMail, orderConfirmationMail } from '../mail/templates.js';
import type { OrderLinks } from '../payments/signatures.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { documentFileName, loadOrderBuyer, loadOrderDocuments } from './order-documents.js';
import { renderTicketsPdf } from './tickets-pdf.js';

/** What an order's mails need: the order's rows, a mailer, the signed links of its documents, the site's address. */
export type MailDeps = { db: Database; mailer: Mailer; links: OrderLinks; siteUrl: string };

/** The site's address without a trailing slash, so paths can be appended as they are. */
const siteRoot = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** Sends the paid order's one confirmation e-mail; throws when the order is unknown or the mailer fails. */
export async function sendOrderConfirmation(deps: MailDeps, orderId: number): Promise<void> {
  const documents = await loadOrderDocuments(deps.db, orderId);
  if (!documents) throw new Error(`Commande introuvable : ${orderId}`);
  const { order } = documents;
  const root = siteRoot(deps.siteUrl);
  const host = new URL(root).hostname;
  const stamp = new Date();

  const attachments: MailAttachment[] = [];
  if (documents.tickets.admissions.length > 0) {
    attachments.push({
      filename: documentFileName.tickets(order.reference),
      content: await renderTicketsPdf(documents.tickets),
      contentType: 'application/pdf',
    });
  }
  if (documents.invoice) {
    attachments.push({
      filename: documentFileName.invoice(documents.invoice.number),
      content: await renderInvoicePdf(documents.invoice),
      contentType: 'application/pdf',
    });
  }
  for (const event of documents.events) {
    const ics = buildIcsCalendar({
      // The uid of the ticketing page's « Ajouter à mon agenda »: importing both keeps one entry.
      uid: `billetterie-${event.ticketingId}@${host}`,
      stamp,
      start: event.startsAt,
      end: event.endsAt,
      summary: event.title,
      location: event.address,
      description: `Commande ${order.reference}`,
      url: `${root}${event.path}`,
      cancelled: event.cancelled,
    });
    attachments.push({
      filename: `${event.slugId}.ics`,
      content: Buffer.from(ics, 'utf8'),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
  }

  const message = orderConfirmationMail({
    to: order.email,
    firstname: order.firstname,
    reference: order.reference,
    lines: documents.lines,
    totalAmount: order.totalAmount,
    downloadUrl: `${root}${deps.links.downloadPath(order.id)}`,
    orderUrl: `${root}/account/orders/${order.id}`,
    hasVouchers: documents.hasVouchers,
    hasTickets: documents.tickets.admissions.some((admission) => admission.kind === 'ticket'),
  });
  await deps.mailer.send({ ...message, attachments });
}

/** Tells the buyer their late payment was refunded in full and no ticket was issued. */
export async function sendLateRefundNotice(deps: MailDeps, orderId: number): Promise<void> {
  const loaded = await loadOrderBuyer(deps.db, orderId);
  if (!loaded) throw new Error(`Commande introuvable : ${orderId}`);
  const { summary } = loaded;
  await deps.mailer.send(
    lateRefundMail({
      to: summary.email,
      firstname: summary.firstname,
      reference: summary.reference,
      amount: summary.totalAmount,
    }),
  );
}
