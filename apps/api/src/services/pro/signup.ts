/**
 * « Ouvrir une billetterie »: an account, its organiser and the owner's membership in one transaction, and the
 * link that confirms the address (a random token stored as its SHA-256 hash, 48 hours, used once). Confirming
 * opens the pro site; until then the pro login answers 403 EMAIL_NOT_CONFIRMED (docs/decisions/0060).
 */
import { EMAIL_CONFIRMATION_TTL_SECONDS, type NewOrganizerData } from '@guichet/contracts';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailConfirmations, users } from '../../db/schema.js';
import { isUniqueViolation, type NewAccount } from '../auth/accounts.js';
import { hashToken } from '../auth/tokens.js';
import { createOrganizer } from './organizers.js';

/** At most this many confirmation links an hour for one account (as password resets): more get no mail. */
export const CONFIRMATION_MAILS_PER_HOUR = 3;

type Queryable = Pick<Database, 'insert'>;

async function insertConfirmation(db: Queryable, userId: number, tokenHash: string): Promise<void> {
  await db.insert(emailConfirmations).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${EMAIL_CONFIRMATION_TTL_SECONDS})`,
  });
}

/**
 * The new account (address not confirmed yet), its organiser owned by it and the confirmation link's hash, all or
 * nothing; null when the address already has an account (whatever its case).
 */
export async function signUp(
  db: Database,
  account: NewAccount,
  organizer: NewOrganizerData,
  tokenHash: string,
): Promise<{ userId: number; organizerId: number } | null> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...account, email: account.email.toLowerCase(), termsAcceptedAt: sql`now()` })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      const row = await createOrganizer(tx, user.id, organizer);
      await insertConfirmation(tx, user.id, tokenHash);
      return { userId: user.id, organizerId: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * A new confirmation link for an account whose address is not confirmed yet; false when it is confirmed already
 * or had its share of links this hour.
 */
export async function createConfirmation(db: Database, userId: number, tokenHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Concurrent requests for one account take turns on its row, so the count holds.
    const [user] = await tx
      .select({ confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.confirmedAt) return false;
    const [recent] = await tx
      .select({ total: count() })
      .from(emailConfirmations)
      .where(
        and(eq(emailConfirmations.userId, userId), gt(emailConfirmations.createdAt, sql`now() - interval '1 hour'`)),
      );
    if ((recent?.total ?? 0) >= CONFIRMATION_MAILS_PER_HOUR) return false;
    await insertConfirmation(tx, userId, tokenHash);
    return true;
  });
}

/**
 * Spends a confirmation token and confirms its account's address (the first confirmation's date stays): the
 * account, or null when the token is unknown, used or expired. Of two uses of one token, one only succeeds.
 */
export async function confirmEmail(
  db: Pick<Database, 'update'>,
  token: string,
): Promise<{ id: number; firstname: string; sessionVersion: number } | null> {
  const [spent] = await db
    .update(emailConfirmations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(token)),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailConfirmations.userId });
  if (!spent) return null;
  const [user] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(eq(users.id, spent.userId))
    .returning({ id: users.id, firstname: users.firstname, sessionVersion: users.sessionVersion });
  return user ?? null;
}
