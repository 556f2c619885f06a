/** Accounts: reading, creating and updating users. E-mail addresses are stored lower-cased. */
import type { Account, FacturationAddress } from '@guichet/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    facturationAddress: row.facturationAddress,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUser(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
}

/** PostgreSQL's unique_violation, as raised by either driver (Drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type NewAccount = {
  firstname: string;
  lastname: string;
  email: string;
  passwordHash: string;
  phone: string | null;
};

/** The new user, or null when the address already has an account (whatever its case). */
export async function createUser(db: Database, account: NewAccount): Promise<UserRow | null> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...account, email: account.email.toLowerCase(), termsAcceptedAt: sql`now()` })
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export type AccountChanges = {
  firstname?: string | undefined;
  lastname?: string | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  facturationAddress?: FacturationAddress | null | undefined;
};

/** Applies the given fields (absent ones stay); 'taken' when the new address belongs to another account. */
export async function updateUser(db: Database, id: number, changes: AccountChanges): Promise<UserRow | 'taken' | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (typeof set.email === 'string') set.email = set.email.toLowerCase();
  try {
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function setPasswordHash(db: Pick<Database, 'update'>, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}
