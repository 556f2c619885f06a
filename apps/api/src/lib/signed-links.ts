/**
 * Links the site hands out that whoever holds them may use, and nobody can forge: an HMAC-SHA256 of what the
 * link names, under a key derived from JWT_SECRET for one use alone (its `label`), so a signature made for
 * one use (an order's download) is worth nothing for another (a survey). Compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** 128 bits of the MAC, base64url: short enough for a link, far beyond guessing. */
export const SIGNATURE_LENGTH = 22;

export type SignedLinks = {
  sign(subject: string): string;
  verify(subject: string, signature: string): boolean;
};

export function signedLinks(secret: string, label: string): SignedLinks {
  const key = createHmac('sha256', secret).update(`guichet:${label}`).digest();
  const sign = (subject: string) =>
    createHmac('sha256', key).update(subject).digest('base64url').slice(0, SIGNATURE_LENGTH);
  return {
    sign,
    verify(subject, signature) {
      const expected = Buffer.from(sign(subject));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
