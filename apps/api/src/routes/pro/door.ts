/**
 * Door control on the pro site (docs/decisions/0065): the scopes, a scope's pack and its changes, the online
 * check of one code and the offline check-ins sent in batches. Owners, managers and scanners — the one thing a
 * scanner writes. A scope of another organiser, or an offer whose partner is not this organiser, is a 404.
 */
import {
  DOOR_MESSAGES,
  getDoorChanges,
  getDoorPack,
  listDoorScopes,
  scanAtDoor,
  sendCheckIns,
} from '@guichet/contracts';
import type { OrganizerRole } from '@guichet/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { requireMembership } from '../../plugins/auth.js';
import { recordCheckIns } from '../../services/door/check-ins.js';
import { doorChanges, doorPack } from '../../services/door/pack.js';
import { scanAtDoor as scanCode } from '../../services/door/scan.js';
import { listDoorScopes as doorScopes, resolveScope } from '../../services/door/scope.js';

const DOOR_ROLES: readonly OrganizerRole[] = ['OWNER', 'MANAGER', 'SCANNER'];

type ScopePath = { organizerId: number; scopeKind: 'ticketings' | 'offers'; scopeId: number };

const proDoorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /** The caller, member with a door role, and the scope the path names, if it is this organiser's. */
  async function doorScope(request: FastifyRequest, params: ScopePath) {
    const member = await requireMembership(request, params.organizerId, DOOR_ROLES);
    const scope = await resolveScope(db, member.organizerId, params);
    if (!scope) throw notFound(DOOR_MESSAGES.scopeNotFound);
    return { member, scope };
  }

  app.route({
    ...routeOf(listDoorScopes),
    handler: async (request) => {
      const { organizerId } = await requireMembership(request, request.params.organizerId, DOOR_ROLES);
      return { scopes: await doorScopes(db, organizerId) };
    },
  });

  app.route({
    ...routeOf(getDoorPack),
    handler: async (request, reply) => {
      const { scope } = await doorScope(request, request.params);
      // Attendees' names: kept by the phone that asked, by no cache on the way.
      reply.header('cache-control', 'private, no-store');
      return doorPack(db, scope);
    },
  });

  app.route({
    ...routeOf(getDoorChanges),
    handler: async (request, reply) => {
      const { scope } = await doorScope(request, request.params);
      reply.header('cache-control', 'private, no-store');
      return doorChanges(db, scope, { since: new Date(request.query.since), deviceId: request.query.deviceId });
    },
  });

  app.route({
    ...routeOf(scanAtDoor),
    handler: async (request) => {
      const { member, scope } = await doorScope(request, request.params);
      const { code, nonce, gate, deviceId } = request.body;
      return scanCode(db, { scope, userId: member.id, deviceId, gate }, { code, nonce });
    },
  });

  app.route({
    ...routeOf(sendCheckIns),
    handler: async (request) => {
      const { member, scope } = await doorScope(request, request.params);
      const { deviceId, gate, checkIns } = request.body;
      return recordCheckIns(db, { scope, userId: member.id, deviceId, gate }, checkIns);
    },
  });
};

export default proDoorRoutes;
