/**
 * Login throttling with counters in PostgreSQL, shared by every API process: at most 10 failed logins a
 * minute from one address and 100 an hour on one account. A counter's window opens at its first failure.
 * Each attempt is counted (one atomic upsert) before the password is checked and given back when it was
 * right, so concurrent attempts can neither lose a count nor all pass a check made before any was counted.
 * See docs/decisions/0009-authentication-tokens.md.
 */
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';

type Limit = { prefix: string; max: number; windowSeconds: number };

export const LOGIN_LIMITS = {
  perAddress: { prefix: 'ip', max: 10, windowSeconds: 60 },
  perAccount: { prefix: 'account', max: 100, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

/** The longest window: rows older than that count for nothing. */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LOGIN_LIMITS).map((limit) => limit.windowSeconds));

/** Who is counted: the visitor's address and the account (the e-mail as typed, lower-cased, known or not). */
export type LoginSubject = { address: string; email: string };

const interval = (seconds: number) => {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new Error(`Durée invalide : ${seconds}`);
  return sql.raw(`interval '${seconds} seconds'`);
};

/**
 * An IPv6 visitor usually holds a whole /64, so addresses count per /64; IPv4 (and IPv4-mapped) per
 * address.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // `::` stands for as many zero groups as the eight need.
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const network = [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
  return `${network.join(':')}::/64`;
}

function keysOf(subject: LoginSubject) {
  return {
    address: {
      key: `${LOGIN_LIMITS.perAddress.prefix}:${addressKey(subject.address)}`,
      limit: LOGIN_LIMITS.perAddress,
    },
    account: {
      key: `${LOGIN_LIMITS.perAccount.prefix}:${subject.email.toLowerCase()}`,
      limit: LOGIN_LIMITS.perAccount,
    },
  };
}

export type Reservation = { allowed: true } | { allowed: false; retryAfter: number };

async function take(db: Database, key: string, limit: Limit): Promise<{ count: number; wait: number }> {
  const fresh = sql`login_failure.window_start > now() - ${interval(limit.windowSeconds)}`;
  const [row] = await rowsOf<{ count: number | string; wait: number | string }>(
    db,
    sql`INSERT INTO login_failure (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${fresh} THEN login_failure.count + 1 ELSE 1 END,
        window_start = CASE WHEN ${fresh} THEN login_failure.window_start ELSE now() END
      RETURNING count, extract(epoch FROM window_start + ${interval(limit.windowSeconds)} - now()) AS wait`,
  );
  return { count: Number(row?.count ?? 0), wait: Math.max(1, Math.ceil(Number(row?.wait ?? 1))) };
}

async function giveBack(db: Database, key: string, limit: Limit): Promise<void> {
  await db.execute(sql`UPDATE login_failure SET count = GREATEST(count - 1, 0)
    WHERE key = ${key} AND window_start > now() - ${interval(limit.windowSeconds)}`);
}

/**
 * Counts an attempt as a failure before the password is even checked, so that many attempts sent at once
 * cannot all slip under the limit; `releaseLoginAttempt` gives it back when the password was right. Over
 * the limit, the attempt is refused with the seconds to wait.
 */
export async function reserveLoginAttempt(db: Database, subject: LoginSubject): Promise<Reservation> {
  const { address, account } = keysOf(subject);
  // Now and then, forget counters whose window is long over (cheap: an index range on window_start).
  if (Math.random() < 0.02) {
    await db.execute(sql`DELETE FROM login_failure WHERE window_start < now() - ${interval(LONGEST_WINDOW_SECONDS)}`);
  }
  const byAddress = await take(db, address.key, address.limit);
  if (byAddress.count > address.limit.max) return { allowed: false, retryAfter: byAddress.wait };
  const byAccount = await take(db, account.key, account.limit);
  if (byAccount.count > account.limit.max) {
    // Refused for the account's sake: this address did not really try a password.
    await giveBack(db, address.key, address.limit);
    return { allowed: false, retryAfter: byAccount.wait };
  }
  return { allowed: true };
}

/** The password was right: the attempt reserved by `reserveLoginAttempt` was not a failure. */
export async function releaseLoginAttempt(db: Database, subject: LoginSubject): Promise<void> {
  for (const { key, limit } of Object.values(keysOf(subject))) await giveBack(db, key, limit);
}
