import {
  ALREADY_MEMBER_MESSAGE,
  acceptTeamInvitation,
  cancelTeamInvitation,
  changeTeamMemberRole,
  getTeam,
  INVITATION_EMAIL_TAKEN_MESSAGE,
  INVITATION_FOR_ANOTHER_ADDRESS_MESSAGE,
  INVITATION_LINK_INVALID_MESSAGE,
  INVITATION_NEEDS_ACCOUNT_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  inviteTeamMember,
  LAST_OWNER_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  removeTeamMember,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { authenticatePro, requireMembership, unauthenticated } from '../../plugins/auth.js';
import { createUser, findUser } from '../../services/auth/accounts.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { newOpaqueToken, startSession } from '../../services/auth/tokens.js';
import { teamInvitationMail } from '../../services/mail/templates.js';
import { findOrganizer } from '../../services/pro/organizers.js';
import {
  acceptInvitation,
  cancelInvitation,
  changeMember,
  findPendingInvitation,
  invite,
  teamOf,
} from '../../services/pro/team.js';

/** The team of an organiser (its owners' business) and accepting an invitation to one. */
const proTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const owners = ['OWNER'] as const;

  app.route({
    ...routeOf(getTeam),
    handler: async (request) => {
      const member = await requireMembership(request, request.params.organizerId, owners);
      return teamOf(db, member.organizerId);
    },
  });

  app.route({
    ...routeOf(inviteTeamMember),
    handler: async (request, reply) => {
      const member = await requireMembership(request, request.params.organizerId, owners);
      const { email, role } = request.body;
      const { token, tokenHash } = newOpaqueToken();
      const invitation = await invite(db, {
        organizerId: member.organizerId,
        email,
        role,
        invitedBy: member.id,
        tokenHash,
      });
      if (invitation === 'member') throw new HttpError(409, 'ALREADY_MEMBER', ALREADY_MEMBER_MESSAGE);
      const organizer = await findOrganizer(db, member.organizerId);
      app.background.afterAnswer(reply, 'team-invitation-mail', () =>
        app.mailer.send(
          teamInvitationMail({ to: email, organizer: organizer?.name ?? '', role, proUrl: app.config.PRO_URL, token }),
        ),
      );
      return reply.code(201).send(invitation);
    },
  });

  app.route({
    ...routeOf(cancelTeamInvitation),
    handler: async (request, reply) => {
      const member = await requireMembership(request, request.params.organizerId, owners);
      if (!(await cancelInvitation(db, member.organizerId, request.params.invitationId)))
        throw notFound(INVITATION_NOT_FOUND_MESSAGE);
      return reply.code(204).send();
    },
  });

  /** The outcome of a change to the team, as an answer. */
  function teamChangeAnswer<T>(outcome: T | 'not-found' | 'last-owner'): T {
    if (outcome === 'not-found') throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    if (outcome === 'last-owner') throw new HttpError(409, 'LAST_OWNER', LAST_OWNER_MESSAGE);
    return outcome;
  }

  app.route({
    ...routeOf(changeTeamMemberRole),
    handler: async (request) => {
      const member = await requireMembership(request, request.params.organizerId, owners);
      const outcome = await changeMember(db, member.organizerId, request.params.memberId, {
        kind: 'role',
        role: request.body.role,
      });
      const changed = teamChangeAnswer(outcome);
      if (changed === 'removed') throw notFound(MEMBER_NOT_FOUND_MESSAGE);
      return changed;
    },
  });

  app.route({
    ...routeOf(removeTeamMember),
    handler: async (request, reply) => {
      const member = await requireMembership(request, request.params.organizerId, owners);
      teamChangeAnswer(await changeMember(db, member.organizerId, request.params.memberId, { kind: 'remove' }));
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(acceptTeamInvitation),
    handler: async (request) => {
      const { token, account } = request.body;
      const invalid = () => new HttpError(400, 'LINK_INVALID', INVITATION_LINK_INVALID_MESSAGE);
      const invitation = await findPendingInvitation(db, token);
      if (!invitation) throw invalid();
      if (request.headers.authorization !== undefined) {
        // Logged in to the pro site: the invitation is for this person only if it was sent to their address.
        const caller = await authenticatePro(request);
        const user = await findUser(db, caller.id);
        if (!user) throw unauthenticated();
        if (user.email.toLowerCase() !== invitation.email)
          throw new HttpError(403, 'INVITATION_FOR_ANOTHER_ADDRESS', INVITATION_FOR_ANOTHER_ADDRESS_MESSAGE);
        const organizer = await db.transaction((tx) => acceptInvitation(tx, invitation, user.id));
        if (!organizer) throw invalid();
        return { organizer, tokens: null };
      }
      if (!account) throw new HttpError(401, 'AUTHENTICATION_REQUIRED', INVITATION_NEEDS_ACCOUNT_MESSAGE);
      const passwordHash = await hashPassword(account.password);
      return db.transaction(async (tx) => {
        // The address is the invitation's: whoever opened its link holds it, so it is confirmed at once.
        const user = await createUser(tx, {
          firstname: account.firstname,
          lastname: account.lastname,
          email: invitation.email,
          phone: account.phone ?? null,
          passwordHash,
        });
        if (!user) throw new HttpError(409, 'EMAIL_TAKEN', INVITATION_EMAIL_TAKEN_MESSAGE);
        const organizer = await acceptInvitation(tx, invitation, user.id);
        if (!organizer) throw invalid();
        return { organizer, tokens: await startSession(tx, app.config.JWT_SECRET, user, 'PRO') };
      });
    },
  });
};

export default proTeamRoutes;
