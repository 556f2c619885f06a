/**
 * Session tokens. Access tokens are short-lived HS256 JWTs carrying the user's session version, which the
 * API compares with the user's row on each authenticated call (raised when every session ends); refresh tokens
 * are opaque, single-use, stored as SHA-256 hashes and grouped in families (one per login), so that a
 * refresh token presented twice — a sign it was stolen — closes the whole family.
 * See docs/decisions/0009-authentication-tokens.md.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenClaims, REFRESH_TOKEN_TTL_SECONDS } from '@guichet/contracts';
import type { SessionAudience } from '@guichet/domain';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Database } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';

export type SessionUser = { id: number; firstname: string };
/** Who a token is issued to: the user and the session version it is valid under. */
export type TokenSubject = SessionUser & { sessionVersion: number };
export type TokenPair = { accessToken: string; refreshToken: string };

const ALGORITHM = 'HS256';
const encoder = new TextEncoder();

/**
 * The key a site's access tokens are signed with. The public site's is JWT_SECRET itself (tokens issued before
 * the pro site keep working); the pro site's is derived from it (HMAC), so that one secret still configures the
 * API and a token of one site is never valid on the other: its signature does not verify.
 */
export function audienceSecret(secret: string, audience: SessionAudience): string {
  if (audience === 'SITE') return secret;
  // Derived once per secret, not on every authenticated request.
  if (proKey?.secret !== secret)
    proKey = { secret, key: createHmac('sha256', secret).update('guichet:pro-session').digest('base64url') };
  return proKey.key;
}
let proKey: { secret: string; key: string } | undefined;

/** The claim holding the session version the token was issued under. */
const SESSION_VERSION_CLAIM = 'sv';

export async function signAccessToken(secret: string, user: TokenSubject): Promise<string> {
  return new SignJWT({ id: user.id, firstname: user.firstname, [SESSION_VERSION_CLAIM]: user.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(encoder.encode(secret));
}

/** A base64url part of a compact JWS as JSON, or null when it is not an object. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The user an access token names and its session version, or null when it is malformed, tampered with,
 * expired or not HS256. Whether that version is still the user's is for the caller to check.
 * The HMAC is checked here with node:crypto, in the calling thread, as jose's `jwtVerify` would (the signature
 * over the first two parts, then `alg` HS256 and no `crit`, then `exp` in the future, `iat` and `sub` there,
 * `nbf` if any past): WebCrypto's verify goes through the thread pool, a hand-off that costs more than the
 * HMAC itself, on every authenticated request (bench/onsale.bench.ts). Signing stays with jose.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenSubject | null> {
  try {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header = '', body = '', signature = ''] = parts;
    const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
    // Compared as the canonical base64url text: one way only to write a valid signature.
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
      return null;
    const protectedHeader = jsonPart(header);
    if (protectedHeader?.alg !== ALGORITHM || 'crit' in protectedHeader) return null;
    const payload = jsonPart(body);
    if (!payload) return null;
    const now = Math.floor(Date.now() / 1000);
    const { exp, iat, nbf } = payload;
    if (typeof exp !== 'number' || exp <= now || typeof iat !== 'number') return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    const claims = AccessTokenClaims.safeParse(payload);
    if (!claims.success || claims.data.sub !== String(claims.data.id)) return null;
    // Tokens signed before session versions existed carry none: they belong to version 0, which every
    // user had until their first password change or reset.
    const version = payload[SESSION_VERSION_CLAIM] ?? 0;
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null;
    return { id: claims.data.id, firstname: claims.data.firstname, sessionVersion: version };
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

async function insertRefreshToken(
  db: Queryable,
  userId: number,
  familyId: string,
  audience: SessionAudience,
): Promise<string> {
  const { token, tokenHash } = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    tokenHash,
    familyId,
    audience,
    expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`,
  });
  return token;
}

/**
 * A new session (a new refresh-token family) for a user who just proved who they are, on the public site or the
 * pro site (`audience`): `secret` is JWT_SECRET, the audience's key is derived here.
 */
export async function startSession(
  db: Queryable,
  secret: string,
  user: TokenSubject,
  audience: SessionAudience = 'SITE',
): Promise<TokenPair> {
  // Expired tokens of this user are of no use any more, not even to detect reuse.
  await db.delete(refreshTokens).where(and(eq(refreshTokens.userId, user.id), lt(refreshTokens.expiresAt, sql`now()`)));
  const refreshToken = await insertRefreshToken(db, user.id, randomUUID(), audience);
  return { accessToken: await signAccessToken(audienceSecret(secret, audience), user), refreshToken };
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
export async function rotateRefreshToken(
  db: Database,
  secret: string,
  refreshToken: string,
  audience: SessionAudience = 'SITE',
): Promise<RefreshOutcome> {
  const tokenHash = hashToken(refreshToken);
  // A token of the other site is unknown here: neither renewed nor taken for a reuse.
  const ofThisSite = and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.audience, audience));
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          ofThisSite,
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
        .where(ofThisSite)
        .limit(1);
      if (known?.usedAt && known.raced && !known.revokedAt) return { ok: false, reuse: false, raced: true };
      if (known?.usedAt) {
        await revokeFamily(tx, known.familyId);
        return { ok: false, reuse: true };
      }
      return { ok: false, reuse: false };
    }
    const [user] = await tx
      .select({ id: users.id, firstname: users.firstname, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, spent.userId))
      .limit(1);
    if (!user) return { ok: false, reuse: false };
    const next = await insertRefreshToken(tx, user.id, spent.familyId, audience);
    const accessToken = await signAccessToken(audienceSecret(secret, audience), user);
    return { ok: true, tokens: { accessToken, refreshToken: next } };
  });
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the presented token's family is revoked; an unknown token (or the other site's) is not an error. */
export async function endSession(
  db: Database,
  refreshToken: string,
  audience: SessionAudience = 'SITE',
): Promise<void> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), eq(refreshTokens.audience, audience)))
    .limit(1);
  if (known) await revokeFamily(db, known.familyId);
}

/**
 * Every session of a user ends (password changed or reset): refresh tokens are revoked and the session
 * version raised, so access tokens issued until now are refused too. Returns the new version, under
 * which a session started afterwards (the one making a change) is valid.
 */
export async function endAllSessions(db: Queryable, userId: number): Promise<number> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}

/** The user's current session version, or null when the user no longer exists. */
export async function currentSessionVersion(db: Pick<Database, 'select'>, userId: number): Promise<number | null> {
  // Every authenticated request asks: a named statement, parsed and planned once per connection.
  const [row] = await db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .prepare('current_session_version')
    .execute();
  return row?.sessionVersion ?? null;
}
