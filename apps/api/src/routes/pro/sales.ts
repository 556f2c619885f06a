/**
 * Following the sales (pro site): dashboards, orders, CSV exports. Owners and managers only — a scanner's job is
 * the door (issue 26), so it gets a 403 here, attendee counts included. Every query names the organiser of the
 * membership just checked: an id of another organiser's ticketing or order answers 404.
 */
import {
  exportAttendees,
  exportProOrders,
  getOrganizerDashboard,
  getProOrder,
  getTicketingDashboard,
  listProOrders,
  SALES_MESSAGES,
} from '@guichet/contracts';
import type { OrganizerRole } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { sendCsv } from '../../lib/send-csv.js';
import { requireMembership } from '../../plugins/auth.js';
import { organizerDashboard, ticketingDashboard } from '../../services/pro/sales/dashboard.js';
import {
  attendeesCsv,
  exportFileName,
  ordersCsv,
  organizerSlug,
  organizerTicketing,
} from '../../services/pro/sales/exports.js';
import { organizerOrder, organizerOrdersPage } from '../../services/pro/sales/orders.js';

const SALES_ROLES: readonly OrganizerRole[] = ['OWNER', 'MANAGER'];

const proSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(getOrganizerDashboard),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, SALES_ROLES);
      return organizerDashboard(db, organizerId);
    },
  });

  app.route({
    ...routeOf(getTicketingDashboard),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, SALES_ROLES);
      const dashboard = await ticketingDashboard(db, organizerId, request.params.ticketingId);
      if (!dashboard) throw notFound(SALES_MESSAGES.ticketingNotFound);
      return dashboard;
    },
  });

  app.route({
    ...routeOf(listProOrders),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, SALES_ROLES);
      return organizerOrdersPage(db, organizerId, request.query);
    },
  });

  app.route({
    ...routeOf(getProOrder),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, SALES_ROLES);
      const order = await organizerOrder(db, organizerId, request.params.orderId);
      if (!order) throw notFound(SALES_MESSAGES.orderNotFound);
      return order;
    },
  });

  app.route({
    ...routeOf(exportProOrders),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, SALES_ROLES);
      const slug = await organizerSlug(db, organizerId);
      return sendCsv(reply, exportFileName('commandes', slug), ordersCsv(db, organizerId));
    },
  });

  app.route({
    ...routeOf(exportAttendees),
    handler: async (request, reply) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, SALES_ROLES);
      const ticketing = await organizerTicketing(db, organizerId, request.params.ticketingId);
      if (!ticketing) throw notFound(SALES_MESSAGES.ticketingNotFound);
      return sendCsv(reply, exportFileName('participants', ticketing.slug), attendeesCsv(db, ticketing.id));
    },
  });
};

export default proSalesRoutes;
