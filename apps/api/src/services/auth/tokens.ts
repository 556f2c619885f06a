/**
 * Session tokens. Access tokens are short-lived HS256 JWTs checked without the database; refresh tokens
 * are opaque, single-use, stored as SHA-256 hashes and grouped in families (one per login), so that a
 * refresh token presented twice — a sign it was stolen — closes the whole family.
 * See docs/decisions/0009-authentication-tokens.md.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenClaims, REFRESH_TOKEN_TTL_SECONDS } from '@guichet/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';

export type SessionUser = { id: number; firstname: string };
export type TokenPair = { accessToken: string; refreshToken: string };

const ALGORITHM = 'HS256';
const encoder = new TextEncoder();

export async function signAccessToken(secret: string, user: SessionUser): Promise<string> {
  return new SignJWT({ id: user.id, firstname: user.firstname })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(encoder.encode(secret));
}

/** The user an access token names, or null when it is malformed, tampered with, expired or not HS256. */
export async function verifyAccessToken(secret: string, token: string): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const claims = AccessTokenClaims.safeParse(payload);
    if (!claims.success || claims.data.sub !== String(claims.data.id)) return null;
    return { id: claims.data.id, firstname: claims.data.firstname };
  } catch {
    return null;
  }
}

/** A random opaque token (32 bytes, base64url) and the hash that is stored instead of it. */
export function newOpaqueToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Queryable = Pick<Database, 'insert' | 'update' | 'select' | 'delete'>;

async function insertRefreshToken(db: Queryable, userId: number, familyId: string): Promise<string> {
  const { token, tokenHash } = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    tokenHash,
    familyId,
    expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`,
  });
  return token;
}

/** A new session (a new refresh-token family) for a user who just proved who they are. */
export async function startSession(db: Queryable, secret: string, user: SessionUser): Promise<TokenPair> {
  // Expired tokens of this user are of no use any more, not even to detect reuse.
  await db.delete(refreshTokens).where(and(eq(refreshTokens.userId, user.id), lt(refreshTokens.expiresAt, sql`now()`)));
  const refreshToken = await insertRefreshToken(db, user.id, randomUUID());
  return { accessToken: await signAccessToken(secret, user), refreshToken };
}

export type RefreshOutcome =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reuse: boolean /** Spent a moment ago by a concurrent request of the same browser. */; raced?: true };

/**
 * How long after its use a spent refresh token counts as a race rather than a theft: two requests of one
 * browser (two tabs waking up) may both try to refresh with the same cookie. Within this window the
 * loser is refused without revoking the session, which the winner's new cookies carry on.
 */
export const REFRESH_RACE_WINDOW_SECONDS = 10;

/**
 * Rotation: the presented token is spent (atomically: of two concurrent uses only one succeeds) and a
 * new one of the same family is issued. A token already spent revokes its whole family, unless it was spent
 * within the last few seconds (a race between two requests of one browser, see REFRESH_RACE_WINDOW_SECONDS).
 */
export async function rotateRefreshToken(db: Database, secret: string, refreshToken: string): Promise<RefreshOutcome> {
  const tokenHash = hashToken(refreshToken);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!spent) {
      const [known] = await tx
        .select({
          familyId: refreshTokens.familyId,
          usedAt: refreshTokens.usedAt,
          revokedAt: refreshTokens.revokedAt,
          raced: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_RACE_WINDOW_SECONDS})`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      if (known?.usedAt && known.raced && !known.revokedAt) return { ok: false, reuse: false, raced: true };
      if (known?.usedAt) {
        await revokeFamily(tx, known.familyId);
        return { ok: false, reuse: true };
      }
      return { ok: false, reuse: false };
    }
    const [user] = await tx
      .select({ id: users.id, firstname: users.firstname })
      .from(users)
      .where(eq(users.id, spent.userId))
      .limit(1);
    if (!user) return { ok: false, reuse: false };
    const next = await insertRefreshToken(tx, user.id, spent.familyId);
    return { ok: true, tokens: { accessToken: await signAccessToken(secret, user), refreshToken: next } };
  });
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the presented token's family is revoked; an unknown token is not an error. */
export async function endSession(db: Database, refreshToken: string): Promise<void> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  if (known) await revokeFamily(db, known.familyId);
}

/** Every session of a user ends (password changed or reset). */
export async function revokeAllSessions(db: Queryable, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
