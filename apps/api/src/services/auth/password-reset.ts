/**
 * Password reset by e-mail: a single-use token, valid 1 hour, stored as a SHA-256 hash. Using it sets the
 * new password, spends every other pending link of the account and ends all its sessions.
 */
import { PASSWORD_RESET_TTL_SECONDS } from '@guichet/contracts';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';
import { setPasswordHash } from './accounts.js';
import { endAllSessions, hashToken } from './tokens.js';

/** At most this many reset e-mails an hour for one account: more requests get the same answer and no mail. */
export const RESET_MAILS_PER_HOUR = 3;

/** Records a reset link for a user; false when the account already had its share of links this hour. */
export async function createPasswordReset(db: Database, userId: number, tokenHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Concurrent requests for one account (any process) take turns on the user's row, so the count holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ total: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, sql`now() - interval '1 hour'`)));
    if ((recent?.total ?? 0) >= RESET_MAILS_PER_HOUR) return false;
    await tx.insert(passwordResets).values({
      userId,
      tokenHash,
      expiresAt: sql`now() + make_interval(secs => ${PASSWORD_RESET_TTL_SECONDS})`,
    });
    return true;
  });
}

const usable = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/** Whether a reset token can still be used (checked before the cost of hashing the new password). */
export async function isResetTokenUsable(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(usable(hashToken(token)))
    .limit(1);
  return row !== undefined;
}

/** Spends the token and sets the new password; false when the token is unknown, used or expired. */
export async function completePasswordReset(db: Database, token: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(usable(hashToken(token)))
      .returning({ userId: passwordResets.userId });
    if (!spent) return false;
    await setPasswordHash(tx, spent.userId, passwordHash);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await endAllSessions(tx, spent.userId);
    return true;
  });
}
