/**
 * The signed ticket code (@guichet/domain/door) as the API will make it: signed with node:crypto's Ed25519,
 * verified by WebCrypto as the scanner's browser will, and drawn by the API's QR encoder (qrcode) small enough for a
 * phone at the door. The domain's own tests cover the payload without Node.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { encodeTicketQr, parseTicketQr, signedPart, TICKET_QR_KINDS, type TicketQrFields } from '@guichet/domain/door';
import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';

const id = fc.integer({ min: 1, max: 0xffff_ffff });
const fieldsArb = fc.record({ kind: fc.constantFrom(...TICKET_QR_KINDS), keyId: id, scopeId: id, ticketId: id });
const signatureArb = fc.uint8Array({ minLength: 64, maxLength: 64 });
const sample: TicketQrFields = { kind: 'TICKET', keyId: 3, scopeId: 42, ticketId: 123_456 };

describe('signed ticket codes, as the API will make them', () => {
  it('fit a version 5 QR code at error correction level M, in alphanumeric mode only', () => {
    fc.assert(
      fc.property(fieldsArb, signatureArb, (fields, signature) => {
        const qr = QRCode.create(encodeTicketQr(fields, signature), { errorCorrectionLevel: 'M' });
        expect(qr.version).toBeLessThanOrEqual(5);
        expect(qr.segments.map((segment) => segment.mode.id)).toEqual(['Alphanumeric']);
      }),
      { numRuns: 20 },
    );
  });

  it('carry a real Ed25519 signature made by node:crypto that WebCrypto verifies, and no longer after one bit flips', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
    const key = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    const text = encodeTicketQr(sample, sign(null, signedPart(sample), privateKey));
    const parsed = parseTicketQr(text);
    if (!parsed) throw new Error('the signed code does not parse');
    expect(await crypto.subtle.verify('Ed25519', key, parsed.signature, parsed.signed)).toBe(true);
    for (let byte = 0; byte < 16 + 64; byte++) {
      const signed = parsed.signed.slice();
      const signature = parsed.signature.slice();
      const [target, index] = byte < 16 ? [signed, byte] : [signature, byte - 16];
      target[index] = (target[index] as number) ^ (1 << (byte % 8));
      expect(await crypto.subtle.verify('Ed25519', key, signature, signed)).toBe(false);
    }
  });
});
