import {
  createProProduct,
  createProTicketing,
  createTicketingPreviewLink,
  deleteProProduct,
  duplicateProTicketing,
  getProTicketing,
  getTicketingPreview,
  listProTicketings,
  listProVenues,
  reorderProProducts,
  searchProPerformers,
  setProTicketingStatus,
  updateProProduct,
  updateProTicketing,
} from '@guichet/contracts';
import type { OrganizerRole } from '@guichet/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { requireMembership } from '../../plugins/auth.js';
import { findAnyTicketingDetail } from '../../services/catalogue/ticketings.js';
import { previewLinks } from '../../services/pro/preview-links.js';
import {
  createProduct,
  createTicketing,
  deleteProduct,
  duplicateTicketing,
  EditConflict,
  findProTicketing,
  listProTicketings as listTicketingsOf,
  listVenues,
  reorderProducts,
  requireProTicketing,
  searchPerformers,
  setTicketingStatus,
  updateProduct,
  updateTicketing,
} from '../../services/pro/ticketings.js';

/** Who may change a ticketing and its products: not the door staff (SCANNER). */
const EDITORS: readonly OrganizerRole[] = ['OWNER', 'MANAGER'];

/**
 * The organiser's ticketings and products (packages/contracts/src/pro/ticketings.ts): every handler first
 * checks the caller's membership (and role, for writes), then reads and writes within that organiser only.
 * A write answers the ticketing as saved (its new version), or the 409 of an edit conflict with the row now.
 */
const proTicketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const previews = previewLinks(app.config.JWT_SECRET);

  /** Runs a write, then answers the ticketing as it is now; an edit conflict becomes its 409 answer. */
  async function written(reply: FastifyReply, organizerId: number, ticketingId: number, write: () => Promise<unknown>) {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof EditConflict)) throw error;
      return reply.code(409).send(error.answer());
    }
    return requireProTicketing(db, organizerId, ticketingId);
  }

  app.route({
    ...routeOf(listProTicketings),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId);
      return listTicketingsOf(db, organizerId, request.query);
    },
  });

  app.route({
    ...routeOf(getProTicketing),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId);
      return requireProTicketing(db, organizerId, request.params.ticketingId);
    },
  });

  app.route({
    ...routeOf(createProTicketing),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const id = await createTicketing(db, organizerId, request.body);
      return reply.code(201).send(await requireProTicketing(db, organizerId, id));
    },
  });

  app.route({
    ...routeOf(updateProTicketing),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const { ticketingId } = request.params;
      return written(reply, organizerId, ticketingId, () =>
        updateTicketing(db, organizerId, ticketingId, request.body),
      );
    },
  });

  app.route({
    ...routeOf(duplicateProTicketing),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const id = await duplicateTicketing(db, organizerId, request.params.ticketingId);
      return reply.code(201).send(await requireProTicketing(db, organizerId, id));
    },
  });

  app.route({
    ...routeOf(setProTicketingStatus),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const { ticketingId } = request.params;
      return written(reply, organizerId, ticketingId, () =>
        setTicketingStatus(db, organizerId, ticketingId, request.body),
      );
    },
  });

  app.route({
    ...routeOf(createProProduct),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const { ticketingId } = request.params;
      const answer = await written(reply, organizerId, ticketingId, () =>
        createProduct(db, organizerId, ticketingId, request.body),
      );
      return reply.sent ? answer : reply.code(201).send(answer);
    },
  });

  app.route({
    ...routeOf(updateProProduct),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const { ticketingId, productId } = request.params;
      return written(reply, organizerId, ticketingId, () =>
        updateProduct(db, organizerId, ticketingId, productId, request.body),
      );
    },
  });

  app.route({
    ...routeOf(deleteProProduct),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const { ticketingId, productId } = request.params;
      return written(reply, organizerId, ticketingId, () =>
        deleteProduct(db, organizerId, ticketingId, productId, request.body.version),
      );
    },
  });

  app.route({
    ...routeOf(reorderProProducts),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const { ticketingId } = request.params;
      return written(reply, organizerId, ticketingId, () =>
        reorderProducts(db, organizerId, ticketingId, request.body),
      );
    },
  });

  app.route({
    ...routeOf(createTicketingPreviewLink),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      const ticketing = await findProTicketing(db, organizerId, request.params.ticketingId);
      if (!ticketing) throw notFound('Billetterie introuvable.');
      const { token, expiresAt } = previews.create(ticketing.id, new Date());
      return { url: `${app.config.SITE_URL}/apercu/billetterie/${token}`, expiresAt: expiresAt.toISOString() };
    },
  });

  app.route({
    ...routeOf(listProVenues),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, EDITORS);
      return { items: await listVenues(db, organizerId, request.query.q || undefined) };
    },
  });

  app.route({
    ...routeOf(searchProPerformers),
    handler: async (request) => {
      await requireMembership(request, request.params.organizerId, EDITORS);
      return { items: await searchPerformers(db, request.query.q || undefined) };
    },
  });

  // Public: the signed link is the only key. Never a shared answer (not in SHARED_ANSWERS): each is one person's.
  app.route({
    ...routeOf(getTicketingPreview),
    handler: async (request, reply) => {
      const now = new Date();
      const ticketingId = previews.read(request.params.token, now);
      const detail = ticketingId === null ? null : await findAnyTicketingDetail(db, ticketingId, now, { drafts: true });
      if (!detail) throw notFound('Ce lien d’aperçu a expiré ou n’est pas valide : demandez-en un nouveau.');
      reply.header('cache-control', 'no-store');
      return detail;
    },
  });
};

export default proTicketingRoutes;
