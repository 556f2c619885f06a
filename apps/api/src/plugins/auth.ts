/**
 * Who is calling: the bearer access token of the Authorization header. Routes call `authenticate` for any
 * logged-in user and `requireAccountOwner` for an account's own pages — the one place that rule lives.
 */
import { NOT_YOUR_ACCOUNT_MESSAGE, ORGANIZER_NOT_FOUND_MESSAGE, ROLE_FORBIDDEN_MESSAGE } from '@guichet/contracts';
import { ORGANIZER_ROLES, type OrganizerRole, type SessionAudience } from '@guichet/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError, routeNotFoundMessage } from '../lib/http-error.js';
import { audienceSecret, currentSessionVersion, type SessionUser, verifyAccessToken } from '../services/auth/tokens.js';
import { membershipRole } from '../services/pro/memberships.js';
import { isPlatformAdmin } from '../services/pro/organizers.js';

const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentification requise.';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

/** The 401 of a missing, invalid or expired token, or of an account gone since the token was issued. */
export const unauthenticated = () =>
  new HttpError(401, 'AUTHENTICATION_REQUIRED', AUTHENTICATION_REQUIRED_MESSAGE, {
    headers: { 'www-authenticate': 'Bearer realm="guichet"' },
  });

/**
 * The user of a valid access token, or a 401 when the header is missing, the token invalid or expired, or
 * issued before the user's sessions last ended (password changed or reset: its session version is old).
 */
export async function authenticate(request: FastifyRequest, audience: SessionAudience = 'SITE'): Promise<SessionUser> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthenticated();
  const token = await verifyAccessToken(audienceSecret(request.server.config.JWT_SECRET, audience), match[1]);
  if (!token) throw unauthenticated();
  const current = await currentSessionVersion(request.server.database.db, token.id);
  if (current !== token.sessionVersion) throw unauthenticated();
  return { id: token.id, firstname: token.firstname };
}

/**
 * The caller of an endpoint open to visitors and members alike: null without an Authorization header, else
 * the header's user. A header that is there but wrong is a 401 as everywhere else, never taken for « anonymous »:
 * a member whose token expired must hear it, not lose sight of their cart.
 */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.headers.authorization === undefined) return null;
  return authenticate(request);
}

/** The logged-in user, who must own account `accountId`: anyone else gets a 403. */
export async function requireAccountOwner(request: FastifyRequest, accountId: number): Promise<SessionUser> {
  const user = await authenticate(request);
  if (user.id !== accountId) throw new HttpError(403, 'FORBIDDEN', NOT_YOUR_ACCOUNT_MESSAGE);
  return user;
}

/** The caller of a pro-site endpoint: a pro session's token (a public site's token is refused, 401). */
export const authenticatePro = (request: FastifyRequest): Promise<SessionUser> => authenticate(request, 'PRO');

/** A pro caller acting for one organiser, with their role in it. */
export type Member = SessionUser & { organizerId: number; role: OrganizerRole };

/**
 * The one guard of every endpoint under /pro/organizers/:organizerId: the caller must hold a pro session and be
 * a member of that organiser with one of `roles`. Someone who is not a member gets the 404 of an organiser that
 * does not exist (what belongs to another organiser is not even confirmed to exist); a member whose role does
 * not allow the action gets a 403. What the route then reads or writes is looked up within that organiser
 * (`WHERE organizer_id = member.organizerId`), so that an id of another organiser answers 404 too.
 */
export async function requireMembership(
  request: FastifyRequest,
  organizerId: number,
  roles: readonly OrganizerRole[] = ORGANIZER_ROLES,
): Promise<Member> {
  const user = await authenticatePro(request);
  const role = await membershipRole(request.server.database.db, user.id, organizerId);
  if (!role) throw new HttpError(404, 'NOT_FOUND', ORGANIZER_NOT_FOUND_MESSAGE);
  if (!roles.includes(role)) throw new HttpError(403, 'FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
  return { ...user, organizerId, role };
}

/**
 * The caller of a platform administrators' endpoint (/pro/admin/…). Anyone else — no token, a public site's token,
 * an organiser — gets the 404 of a route that does not exist: the back office is not even confirmed to be there.
 */
export async function requirePlatformAdmin(request: FastifyRequest): Promise<SessionUser> {
  const notFound = () => new HttpError(404, 'ROUTE_NOT_FOUND', routeNotFoundMessage(request.method, request.url));
  const user = await authenticatePro(request).catch(() => {
    throw notFound();
  });
  if (!(await isPlatformAdmin(request.server.database.db, user.id))) throw notFound();
  return user;
}
