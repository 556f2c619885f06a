import {
  createProOrganizer,
  getProOrganizer,
  LEGAL_DETAIL_KEYS,
  LEGAL_DETAILS_FORBIDDEN_MESSAGE,
  listAdminOrganizers,
  ORGANIZER_NOT_FOUND_MESSAGE,
  updateProOrganizer,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { authenticatePro, requireMembership, requirePlatformAdmin } from '../../plugins/auth.js';
import {
  createOrganizer,
  findOrganizer,
  listAllOrganizers,
  toProOrganizer,
  updateOrganizer,
} from '../../services/pro/organizers.js';

/** Organisers on the pro site: one more for a pro user, the profile, the platform administrators' list. */
const proOrganizerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(createProOrganizer),
    handler: async (request, reply) => {
      // A pro session exists only for a confirmed address (login, confirmation link or invitation).
      const user = await authenticatePro(request);
      const row = await db.transaction((tx) => createOrganizer(tx, user.id, request.body));
      return reply.code(201).send(toProOrganizer(row, 'OWNER'));
    },
  });

  app.route({
    ...routeOf(getProOrganizer),
    handler: async (request) => {
      const member = await requireMembership(request, request.params.organizerId, ['OWNER', 'MANAGER']);
      const row = await findOrganizer(db, member.organizerId);
      if (!row) throw notFound(ORGANIZER_NOT_FOUND_MESSAGE);
      return toProOrganizer(row, member.role);
    },
  });

  app.route({
    ...routeOf(updateProOrganizer),
    handler: async (request) => {
      const member = await requireMembership(request, request.params.organizerId, ['OWNER', 'MANAGER']);
      const changes = request.body;
      // A manager runs the public page, never the legal identity nor where the money goes.
      if (member.role !== 'OWNER' && LEGAL_DETAIL_KEYS.some((key) => changes[key] !== undefined))
        throw new HttpError(403, 'FORBIDDEN', LEGAL_DETAILS_FORBIDDEN_MESSAGE);
      const row = await updateOrganizer(db, member.organizerId, changes);
      if (!row) throw notFound(ORGANIZER_NOT_FOUND_MESSAGE);
      return toProOrganizer(row, member.role);
    },
  });

  app.route({
    ...routeOf(listAdminOrganizers),
    handler: async (request) => {
      await requirePlatformAdmin(request);
      const { page, pageSize } = request.query;
      return { ...(await listAllOrganizers(db, page, pageSize)), page, pageSize };
    },
  });
};

export default proOrganizerRoutes;
