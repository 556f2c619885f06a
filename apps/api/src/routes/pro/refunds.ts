/**
 * After the sale, on the pro site (packages/contracts/src/pro/refunds.ts, docs/decisions/0066): refunding
 * tickets of an order, its credit notes, cancelling and postponing a ticketing. Owners and managers only — a
 * scanner gets a 403. Everything is looked up within the organiser of the membership just checked: another
 * organiser's order, ticketing or credit note answers 404. The work itself lives in services/refunds.
 */
import {
  cancelProTicketing,
  getCancellationProgress,
  getProCreditNote,
  postponeProTicketing,
  REFUND_MESSAGES,
  refundProOrder,
  SALES_MESSAGES,
} from '@guichet/contracts';
import type { OrganizerRole } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.js';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { requireMembership } from '../../plugins/auth.js';
import { renderCreditNotePdf } from '../../services/documents/credit-note-pdf.js';
import { EditConflict } from '../../services/pro/ticketings.js';
import { cancellationProgress, cancelTicketing } from '../../services/refunds/cancel-ticketing.js';
import { creditNoteFileName, loadCreditNote, proRefundsOf } from '../../services/refunds/credit-notes.js';
import { postponeTicketing } from '../../services/refunds/postpone.js';
import { requestRefund } from '../../services/refunds/request.js';
import { kickRefunds, refundWorkerDeps } from '../../services/refunds/worker.js';

const AFTER_SALE_ROLES: readonly OrganizerRole[] = ['OWNER', 'MANAGER'];

/** An edit conflict (the ticketing changed since it was read) as every pro write answers it. */
async function orConflict<T>(reply: FastifyReply, write: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof EditConflict)) throw error;
    return reply.code(409).send(error.answer());
  }
}

const proRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const workerDeps = refundWorkerDeps(app);

  /** An order this organiser sold tickets in, or the 404 of one that does not exist. */
  async function requireOrganizerOrder(organizerId: number, orderId: number) {
    const [row] = await rowsOf<{ order_id: number }>(
      db,
      sql`SELECT order_id FROM organizer_order WHERE organizer_id = ${organizerId} AND order_id = ${orderId}`,
    );
    if (!row) throw notFound(SALES_MESSAGES.orderNotFound);
  }

  app.route({
    ...routeOf(refundProOrder),
    handler: async (request, reply) => {
      const member = await requireMembership(request, request.params.organizerId, AFTER_SALE_ROLES);
      const { orderId } = request.params;
      await requireOrganizerOrder(member.organizerId, orderId);
      const refund = await requestRefund(db, {
        orderId,
        ticketIds: request.body.ticketIds,
        requestId: request.body.requestId,
        reason: 'ORGANIZER',
        organizerId: member.organizerId,
        createdBy: member.id,
      });
      if (refund.created) kickRefunds(workerDeps, app.background, reply);
      const answer = (await proRefundsOf(db, orderId, member.organizerId)).find((row) => row.id === refund.id);
      // The same request id sent for another organiser's refund of this order: not this organiser's to see.
      if (!answer) throw notFound(SALES_MESSAGES.orderNotFound);
      return reply.code(202).send(answer);
    },
  });

  app.route({
    ...routeOf(getProCreditNote),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, AFTER_SALE_ROLES);
      const note = await loadCreditNote(db, {
        orderId: request.params.orderId,
        number: request.params.creditNote,
        organizerId,
      });
      if (!note) throw notFound(REFUND_MESSAGES.creditNoteNotFound);
      const pdf = await renderCreditNotePdf(note.document);
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${creditNoteFileName(note.document.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  });

  app.route({
    ...routeOf(cancelProTicketing),
    handler: async (request, reply) => {
      const member = await requireMembership(request, request.params.organizerId, AFTER_SALE_ROLES);
      const { ticketingId } = request.params;
      const done = await orConflict(reply, () =>
        cancelTicketing(db, {
          organizerId: member.organizerId,
          ticketingId,
          version: request.body.version,
          message: request.body.message,
          userId: member.id,
        }),
      );
      if (!('jobId' in done)) return done;
      kickRefunds(workerDeps, app.background, reply);
      const progress = await cancellationProgress(db, member.organizerId, ticketingId);
      if (!progress) throw notFound('Billetterie introuvable.');
      return reply.code(202).send(progress);
    },
  });

  app.route({
    ...routeOf(getCancellationProgress),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, AFTER_SALE_ROLES);
      const progress = await cancellationProgress(db, organizerId, request.params.ticketingId);
      if (!progress) throw notFound('Billetterie introuvable.');
      return progress;
    },
  });

  app.route({
    ...routeOf(postponeProTicketing),
    handler: async (request, reply) => {
      const member = await requireMembership(request, request.params.organizerId, AFTER_SALE_ROLES);
      const done = await orConflict(reply, () =>
        postponeTicketing(db, {
          organizerId: member.organizerId,
          ticketingId: request.params.ticketingId,
          ...request.body,
        }),
      );
      if (!('version' in done)) return done;
      kickRefunds(workerDeps, app.background, reply);
      return reply.code(200).send(done);
    },
  });
};

export default proRefundRoutes;
