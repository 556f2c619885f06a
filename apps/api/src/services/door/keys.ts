/**
 * The organisers' Ed25519 signing keys (docs/decisions/0064). The private key never leaves the API: it is stored
 * as PKCS#8 encrypted with AES-256-GCM under a key derived (HKDF-SHA-256) from TICKET_SIGNING_SECRET, the
 * organiser's id bound in as associated data so that a ciphertext copied onto another organiser's row does not
 * open. The public key (raw 32 bytes, base64url) goes to the scanners' packs.
 *
 * A key is made the first time an organiser needs one (a PDF, a pack): INSERT … ON CONFLICT on the partial
 * unique index of the active key, then SELECT, so two requests racing make one key. Decrypted keys are kept per
 * database (a process normally opens one; tests open several, whose key ids overlap): a key never changes once
 * made — only its retired/revoked dates, which are read from the table each time.
 */
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizerSigningKeys } from '../../db/schema.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's info: a label of its own, so the same secret used elsewhere never yields this key. */
const HKDF_INFO = 'guichet/organizer-signing-key/v1';

type Secrets = { encryptionKey: Buffer };
const secrets = new WeakMap<Database, Secrets>();
const privateKeys = new WeakMap<Database, Map<number, KeyObject>>();
const publicKeys = new WeakMap<Database, Map<number, KeyObject>>();

/**
 * Tells the door's services which secret the private keys of this database are encrypted with: called once by
 * buildApp, so that documents and door routes sign without every caller threading the secret through.
 */
export function useTicketSigningSecret(db: Database, secret: string): void {
  const encryptionKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
  secrets.set(db, { encryptionKey });
}

function encryptionKeyOf(db: Database): Buffer {
  const found = secrets.get(db);
  if (!found) throw new Error('TICKET_SIGNING_SECRET non fourni pour cette base (useTicketSigningSecret).');
  return found.encryptionKey;
}

const aadOf = (organizerId: number) => Buffer.from(`organizer:${organizerId}`, 'utf8');

export function encryptPrivateKey(key: Buffer, organizerId: number, pkcs8: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aadOf(organizerId));
  const ciphertext = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

export function decryptPrivateKey(key: Buffer, organizerId: number, stored: string): Buffer {
  const bytes = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(aadOf(organizerId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

function cacheOf(caches: WeakMap<Database, Map<number, KeyObject>>, db: Database): Map<number, KeyObject> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The raw 32-byte Ed25519 public key, base64url: the JWK's `x`. */
export const rawPublicKey = (key: KeyObject): string => key.export({ format: 'jwk' }).x as string;

/** A public key from its raw 32 bytes (base64url), as the pack carries it. */
export const publicKeyFromRaw = (x: string): KeyObject =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });

const activeOf = (organizerId: number) =>
  and(
    eq(organizerSigningKeys.organizerId, organizerId),
    isNull(organizerSigningKeys.retiredAt),
    isNull(organizerSigningKeys.revokedAt),
  );

/** The organiser's active key row, made on first need. */
async function activeKeyRow(db: Database, organizerId: number) {
  const select = () =>
    db
      .select({ id: organizerSigningKeys.id, privateKeyEncrypted: organizerSigningKeys.privateKeyEncrypted })
      .from(organizerSigningKeys)
      .where(activeOf(organizerId))
      .limit(1);
  const [found] = await select();
  if (found) return found;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  await db
    .insert(organizerSigningKeys)
    .values({
      organizerId,
      publicKey: rawPublicKey(publicKey),
      privateKeyEncrypted: encryptPrivateKey(encryptionKeyOf(db), organizerId, pkcs8),
    })
    // Another request made one in between: its key is the one, this pair is dropped.
    .onConflictDoNothing({
      target: organizerSigningKeys.organizerId,
      where: sql`${organizerSigningKeys.retiredAt} IS NULL AND ${organizerSigningKeys.revokedAt} IS NULL`,
    });
  const [made] = await select();
  if (!made) throw new Error(`Clé de signature introuvable pour l’organisateur ${organizerId}`);
  return made;
}

/** The organiser's active signing key (made if it has none): its id, printed in each code, and the private key. */
export async function activeSigningKey(db: Database, organizerId: number): Promise<{ id: number; key: KeyObject }> {
  const row = await activeKeyRow(db, organizerId);
  const cache = cacheOf(privateKeys, db);
  let key = cache.get(row.id);
  if (!key) {
    const pkcs8 = decryptPrivateKey(encryptionKeyOf(db), organizerId, row.privateKeyEncrypted);
    key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    cache.set(row.id, key);
  }
  return { id: row.id, key };
}

/**
 * The keys whose signatures a door of this organiser accepts: the active one (made if none yet) and the retired
 * ones (codes already printed stay good); a revoked key is left out, so its codes read INVALID.
 */
export async function doorKeys(db: Database, organizerId: number): Promise<{ id: number; publicKey: string }[]> {
  await activeKeyRow(db, organizerId);
  return db
    .select({ id: organizerSigningKeys.id, publicKey: organizerSigningKeys.publicKey })
    .from(organizerSigningKeys)
    .where(and(eq(organizerSigningKeys.organizerId, organizerId), isNull(organizerSigningKeys.revokedAt)))
    .orderBy(asc(organizerSigningKeys.id));
}

/** The key a code names, to verify it with: null when no such key is known or it was revoked. */
export async function verificationKey(
  db: Database,
  keyId: number,
): Promise<{ organizerId: number; key: KeyObject } | null> {
  const [row] = await db
    .select({ organizerId: organizerSigningKeys.organizerId, publicKey: organizerSigningKeys.publicKey })
    .from(organizerSigningKeys)
    .where(and(eq(organizerSigningKeys.id, keyId), isNull(organizerSigningKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const cache = cacheOf(publicKeys, db);
  let key = cache.get(keyId);
  if (!key) {
    key = publicKeyFromRaw(row.publicKey);
    cache.set(keyId, key);
  }
  return { organizerId: row.organizerId, key };
}
