/**
 * Checking a password someone types: at login, and as the current password before a sensitive change.
 * Both are throttled the same way (per address and per account) and fail the same way whether or not
 * the account exists.
 */
import {
  EMAIL_NOT_CONFIRMED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@guichet/contracts';
import type { SessionAudience } from '@guichet/domain';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { findUserByEmail } from './accounts.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { type LoginSubject, releaseLoginAttempt, reserveLoginAttempt } from './throttle.js';
import { type SessionUser, startSession, type TokenPair } from './tokens.js';

async function reserveAttempt(db: Database, subject: LoginSubject): Promise<void> {
  const reservation = await reserveLoginAttempt(db, subject);
  if (!reservation.allowed)
    throw new HttpError(429, 'RATE_LIMITED', LOGIN_THROTTLED_MESSAGE, {
      headers: { 'retry-after': String(reservation.retryAfter) },
    });
}

/**
 * A new session for the right e-mail and password; one 401 for an unknown address or a wrong password. The pro
 * site (`audience` PRO) opens only to an address confirmed by its link: a 403 said only to whoever knows the password.
 */
export async function logIn(
  db: Database,
  secret: string,
  credentials: { email: string; password: string },
  address: string,
  audience: SessionAudience = 'SITE',
): Promise<TokenPair> {
  const subject = { address, email: credentials.email };
  await reserveAttempt(db, subject);
  const user = await findUserByEmail(db, credentials.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!user || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS', LOGIN_FAILED_MESSAGE);
  await releaseLoginAttempt(db, subject);
  if (audience === 'PRO' && !user.emailConfirmedAt)
    throw new HttpError(403, 'EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED_MESSAGE);
  return startSession(db, secret, user, audience);
}

/** Checks the current password of a logged-in user before a change; a wrong one counts as a failed login. */
export async function checkCurrentPassword(
  db: Database,
  user: SessionUser & { email: string; passwordHash: string },
  password: string,
  address: string,
): Promise<void> {
  const subject = { address, email: user.email };
  await reserveAttempt(db, subject);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new HttpError(400, 'WRONG_CURRENT_PASSWORD', WRONG_CURRENT_PASSWORD_MESSAGE);
  await releaseLoginAttempt(db, subject);
}
