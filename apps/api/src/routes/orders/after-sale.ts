/**
 * The buyer's side after the sale (packages/contracts/src/orders/after-sale.ts, docs/decisions/0066): tickets
 * e-mailed again, a deal's withdrawal (L221-18), a refund asked after a postponement, and the credit notes.
 * The account's owner only; someone else's order is « introuvable », as getOrder says it.
 */
import {
  AFTER_SALE_MESSAGES,
  getCreditNoteDocument,
  ORDER_NOT_FOUND_MESSAGE,
  RESEND_TICKETS_PER_HOUR,
  requestPostponementRefund,
  requestWithdrawal,
  resendTickets,
} from '@guichet/contracts';
import type { RefundReason } from '@guichet/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { authenticate, requireAccountOwner } from '../../plugins/auth.js';
import { frenchDelay } from '../../plugins/rate-limits.js';
import { renderCreditNotePdf } from '../../services/documents/credit-note-pdf.js';
import { loadOrderOwnership } from '../../services/documents/order-documents.js';
import {
  buyerRefundsOf,
  creditNoteFileName,
  creditNotePath,
  loadCreditNote,
} from '../../services/refunds/credit-notes.js';
import { sendTicketsAgain, sendWithdrawalAcknowledgement } from '../../services/refunds/mails.js';
import { requestRefund } from '../../services/refunds/request.js';
import { kickRefunds, refundWorkerDeps } from '../../services/refunds/worker.js';

const HOUR_MS = 3_600_000;

/**
 * How often each order's tickets were sent again in the last hour, in this process. Per order rather than
 * per visitor address (the rate-limit plugin's key): the limit protects a buyer's mailbox and our mail
 * server, whoever asks. Kept in memory: with several API processes, each counts its own (at most
 * RESEND_TICKETS_PER_HOUR × processes an hour), which is still a limit.
 */
function resendCounter() {
  const sent = new Map<number, number[]>();
  return {
    /** Seconds to wait before the next send, or 0 when it may go now (and is counted). */
    take(orderId: number, now = Date.now()): number {
      const recent = (sent.get(orderId) ?? []).filter((at) => at > now - HOUR_MS);
      if (recent.length >= RESEND_TICKETS_PER_HOUR) return Math.ceil(((recent[0] ?? now) + HOUR_MS - now) / 1000);
      recent.push(now);
      sent.set(orderId, recent);
      return 0;
    },
  };
}

const afterSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const workerDeps = refundWorkerDeps(app);
  const resends = resendCounter();

  /** The caller's own order, or the 404 every other order gets. */
  async function ownOrder(request: FastifyRequest, accountId: number, orderId: number) {
    const user = await requireAccountOwner(request, accountId);
    const order = await loadOrderOwnership(db, orderId);
    if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    return { user, order };
  }

  async function buyerRefund(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { id: number; orderID: number },
    body: { requestId: string; ticketIds: number[] },
    reason: RefundReason,
  ) {
    const { user } = await ownOrder(request, params.id, params.orderID);
    const orderId = params.orderID;
    const refund = await requestRefund(db, {
      orderId,
      ticketIds: body.ticketIds,
      requestId: body.requestId,
      reason,
      buyerId: user.id,
      createdBy: user.id,
    });
    if (refund.created) {
      // L221-21: the withdrawal acknowledged at once, before the money is back (the credit note follows).
      if (reason === 'WITHDRAWAL')
        app.background.afterAnswer(reply, 'withdrawal-acknowledgement', () =>
          sendWithdrawalAcknowledgement(workerDeps, refund.id),
        );
      kickRefunds(workerDeps, app.background, reply);
    }
    const refunds = await buyerRefundsOf(db, orderId, (number) => creditNotePath(app.orderLinks, orderId, number));
    return reply.code(202).send(refunds.find((row) => row.id === refund.id));
  }

  app.route({
    ...routeOf(resendTickets),
    handler: async (request, reply) => {
      const { order } = await ownOrder(request, request.params.id, request.params.orderID);
      if (order.status !== 'PAID') throw new HttpError(409, 'ORDER_NOT_PAYABLE', AFTER_SALE_MESSAGES.nothingToResend);
      const wait = resends.take(request.params.orderID);
      if (wait > 0)
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `Billets déjà renvoyés plusieurs fois. Réessayez dans ${frenchDelay(wait)}.`,
          {
            headers: { 'retry-after': String(wait) },
          },
        );
      const sent = await sendTicketsAgain(workerDeps, request.params.orderID);
      if (!sent) throw new HttpError(409, 'ORDER_NOT_PAYABLE', AFTER_SALE_MESSAGES.nothingToResend);
      return reply.code(202).send({ email: sent });
    },
  });

  app.route({
    ...routeOf(requestWithdrawal),
    handler: (request, reply) => buyerRefund(request, reply, request.params, request.body, 'WITHDRAWAL'),
  });

  app.route({
    ...routeOf(requestPostponementRefund),
    handler: (request, reply) => buyerRefund(request, reply, request.params, request.body, 'POSTPONEMENT'),
  });

  app.route({
    ...routeOf(getCreditNoteDocument),
    handler: async (request, reply) => {
      const { orderID, creditNote } = request.params;
      // As the order's documents (routes/orders/documents.ts): the download link's signature, or the owner.
      const sig = request.query.sig;
      const signed = sig !== undefined && app.orderLinks.verify('download', orderID, sig);
      const note = await loadCreditNote(db, { orderId: orderID, number: creditNote });
      if (!signed) {
        const user = await authenticate(request);
        if (!note || note.userId !== user.id) throw notFound(AFTER_SALE_MESSAGES.creditNoteNotFound);
      }
      if (!note) throw notFound(AFTER_SALE_MESSAGES.creditNoteNotFound);
      const pdf = await renderCreditNotePdf(note.document);
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${creditNoteFileName(note.document.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  });
};

export default afterSaleRoutes;
