/**
 * The organisers' signing keys at rest: one active key per organiser however many requests make it at once,
 * the private key stored encrypted (AES-256-GCM, bound to its organiser), the public one as 32 raw bytes.
 */
import { randomBytes, sign, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizerSigningKeys } from '../../src/db/schema.js';
import {
  activeSigningKey,
  decryptPrivateKey,
  encryptPrivateKey,
  publicKeyFromRaw,
} from '../../src/services/door/keys.js';
import { createTestApp } from '../helpers.js';
import { organizerOf, proUser, type TestContext } from '../pro/support.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('signing keys', () => {
  it('are made once per organiser, even by requests racing', async () => {
    const { db } = context.database;
    const owner = await proUser(context);
    const organizerId = await organizerOf(context, owner.id, 'Clefs');
    const made = await Promise.all(Array.from({ length: 5 }, () => activeSigningKey(db, organizerId)));
    expect(new Set(made.map((key) => key.id)).size).toBe(1);
    const rows = await db.select().from(organizerSigningKeys).where(eq(organizerSigningKeys.organizerId, organizerId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    if (!row || !made[0]) throw new Error('key');
    // The stored public key verifies what the private key signs.
    const message = Buffer.from('GU1 test');
    expect(verify(null, message, publicKeyFromRaw(row.publicKey), sign(null, message, made[0].key))).toBe(true);
    expect(Buffer.from(row.publicKey, 'base64url')).toHaveLength(32);
    // What is stored is no PKCS#8 key: iv (12) ‖ tag (16) ‖ ciphertext (48), and none of the key's bytes.
    const pkcs8 = made[0].key.export({ format: 'der', type: 'pkcs8' });
    const stored = Buffer.from(row.privateKeyEncrypted, 'base64url');
    expect(stored).toHaveLength(12 + 16 + pkcs8.length);
    expect(stored.includes(pkcs8.subarray(-32))).toBe(false);
  });

  it('open only with the right secret, for the organiser they were sealed for', () => {
    const key = randomBytes(32);
    const secret = Buffer.from('clé privée PKCS#8');
    const sealed = encryptPrivateKey(key, 7, secret);
    expect(decryptPrivateKey(key, 7, sealed)).toEqual(secret);
    expect(() => decryptPrivateKey(key, 8, sealed)).toThrow();
    expect(() => decryptPrivateKey(randomBytes(32), 7, sealed)).toThrow();
    // Two seals of the same key differ (a fresh iv each time).
    expect(encryptPrivateKey(key, 7, secret)).not.toBe(sealed);
  });
});
