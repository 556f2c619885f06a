/**
 * GET /orders/:orderID/documents/:kind: a paid order's tickets or invoice as a PDF, for its owner (bearer)
 * or whoever holds the signed link of the confirmation e-mail (`?sig=`); GET /orders/:orderID/download: that
 * order's reference and status, for the download page, under the same rule.
 */
import { DOCUMENT_MESSAGES, getOrderDocument, getOrderDownload } from '@guichet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { optionalUser } from '../../plugins/auth.js';
import { renderInvoicePdf } from '../../services/documents/invoice-pdf.js';
import { documentFileName, loadOrderDocuments, loadOrderOwnership } from '../../services/documents/order-documents.js';
import { renderTicketsPdf } from '../../services/documents/tickets-pdf.js';

const forbidden = () => new HttpError(403, 'FORBIDDEN', DOCUMENT_MESSAGES.forbidden);

const orderDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /**
   * The order a download link names, if the caller may have it: a valid signature is enough (the buyer
   * opening the e-mail's link need not be logged in; an expired token beside it is not even read); without
   * one, only the owner's bearer passes. Unknown and someone else's orders get the same 403, so that ids
   * cannot be probed.
   */
  async function linkedOrder(request: FastifyRequest, orderID: number, sig: string | undefined) {
    const order = await loadOrderOwnership(db, orderID);
    const signed = sig !== undefined && app.orderLinks.verify('download', orderID, sig);
    if (!signed) {
      const user = await optionalUser(request);
      if (!user || !order || order.userId !== user.id) throw forbidden();
    }
    if (!order) throw notFound('Commande introuvable.');
    return order;
  }

  app.route({
    ...routeOf(getOrderDownload),
    handler: async (request) => {
      const { reference, status } = await linkedOrder(request, request.params.orderID, request.query.sig);
      return { reference, status };
    },
  });

  app.route({
    ...routeOf(getOrderDocument),
    handler: async (request, reply) => {
      const { orderID, kind } = request.params;
      const order = await linkedOrder(request, orderID, request.query.sig);
      if (order.status !== 'PAID') throw new HttpError(409, 'ORDER_NOT_PAYABLE', DOCUMENT_MESSAGES.notPaid);

      const documents = await loadOrderDocuments(db, orderID);
      if (!documents) throw notFound('Commande introuvable.');
      let pdf: Buffer;
      let fileName: string;
      if (kind === 'invoice') {
        if (!documents.invoice) throw new HttpError(409, 'ORDER_NOT_PAYABLE', DOCUMENT_MESSAGES.notPaid);
        pdf = await renderInvoicePdf(documents.invoice);
        fileName = documentFileName.invoice(documents.invoice.number);
      } else {
        if (documents.tickets.admissions.length === 0) throw notFound('Cette commande ne comporte aucun billet.');
        pdf = await renderTicketsPdf(documents.tickets);
        fileName = documentFileName.tickets(documents.order.reference);
      }
      // Fastify sends a Buffer as it is, never through the response serializer, so the contract's z.string()
      // 200 only documents the body (OpenAPI): the cast tells the type provider what the runtime already does.
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  });
};

export default orderDocumentRoutes;
