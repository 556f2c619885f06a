/**
 * Who is calling: the bearer access token of the Authorization header. Routes call `authenticate` for any
 * logged-in user and `requireAccountOwner` for an account's own pages — the one place that rule lives.
 */
import { NOT_YOUR_ACCOUNT_MESSAGE } from '@guichet/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../lib/http-error.js';
import { currentSessionVersion, type SessionUser, verifyAccessToken } from '../services/auth/tokens.js';
import { findOrganizer } from '../services/catalogue/organizers.js';

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
export async function authenticate(request: FastifyRequest): Promise<SessionUser> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthenticated();
  const token = await verifyAccessToken(request.server.config.JWT_SECRET, match[1]);
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

// TEMPORARY (uploads branch): replaced by the foundation's guard at merge
/** An organiser's member role, as the foundation's guard will read it. */
export type MembershipRole = 'OWNER' | 'MANAGER' | 'SCANNER';
/**
 * TEMPORARY (uploads branch): replaced by the foundation's guard at merge. Authenticates the caller and answers
 * 404 for an organiser that does not exist (as the real guard will for one the caller is not a member of); it
 * does not check membership or `roles` yet.
 */
export async function requireMembership(
  request: FastifyRequest,
  organizerId: number,
  _roles: readonly MembershipRole[],
): Promise<SessionUser> {
  const user = await authenticate(request);
  if (!(await findOrganizer(request.server.database.db, organizerId, new Date())))
    throw notFound('Organisateur introuvable.');
  return user;
}
