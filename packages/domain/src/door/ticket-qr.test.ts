import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase45 } from './base45.js';
import {
  encodeTicketQr,
  parseTicketQr,
  signedPart,
  TICKET_QR_KINDS,
  TICKET_QR_LENGTH,
  TICKET_QR_PREFIX,
  type TicketQrFields,
} from './ticket-qr.js';

const id = fc.integer({ min: 1, max: 0xffff_ffff });
const fieldsArb = fc.record({ kind: fc.constantFrom(...TICKET_QR_KINDS), keyId: id, scopeId: id, ticketId: id });
const signatureArb = fc.uint8Array({ minLength: 64, maxLength: 64 });
const sample: TicketQrFields = { kind: 'TICKET', keyId: 3, scopeId: 42, ticketId: 123_456 };
const sampleSignature = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256);
/** The characters of a QR code's alphanumeric mode. */
const QR_ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

describe('signed ticket codes', () => {
  it('read back the kind, ids and signature they were written with, in 120 QR alphanumeric characters', () => {
    fc.assert(
      fc.property(fieldsArb, signatureArb, (fields, signature) => {
        const text = encodeTicketQr(fields, signature);
        expect(text).toHaveLength(120);
        expect(TICKET_QR_LENGTH).toBe(120);
        expect([...text].every((character) => QR_ALPHANUMERIC.includes(character))).toBe(true);
        expect(parseTicketQr(text)).toEqual({ ...fields, signed: signedPart(fields), signature });
      }),
    );
  });

  it('sign "GU1" and the 13 bytes of kind, key, scope and ticket, big-endian', () => {
    expect([...signedPart(sample)]).toEqual([
      ...new TextEncoder().encode('GU1'),
      1,
      0,
      0,
      0,
      3,
      0,
      0,
      0,
      42,
      0,
      0x01,
      0xe2,
      0x40,
    ]);
    expect(signedPart({ ...sample, kind: 'VOUCHER' })[3]).toBe(2);
  });

  it('refuse to write ids a code cannot hold or a signature of another length', () => {
    for (const bad of [0, -1, 1.5, 0x1_0000_0000, Number.NaN]) {
      expect(() => encodeTicketQr({ ...sample, ticketId: bad }, sampleSignature)).toThrow(RangeError);
    }
    expect(() => encodeTicketQr(sample, new Uint8Array(63))).toThrow(RangeError);
  });

  it('turn every truncation and every one-character change into null or another parse', () => {
    const text = encodeTicketQr(sample, sampleSignature);
    const original = parseTicketQr(text);
    for (let length = 0; length < text.length; length++) expect(parseTicketQr(text.slice(0, length))).toBeNull();
    expect(parseTicketQr(`${text}0`)).toBeNull();
    for (let i = 0; i < text.length; i++) {
      for (const character of `${QR_ALPHANUMERIC}a\u0000é`) {
        if (character === text[i]) continue;
        const changed = parseTicketQr(text.slice(0, i) + character + text.slice(i + 1));
        if (changed) expect(changed).not.toEqual(original);
      }
    }
  });

  it('answer null for another prefix, an unknown kind or a zero id, and never throw on any text', () => {
    const text = encodeTicketQr(sample, sampleSignature);
    expect(parseTicketQr(`GU2:${text.slice(4)}`)).toBeNull();
    expect(parseTicketQr('8C8R-6U2U-KUDC-DGUA-R2G4-ZDPM-79C7')).toBeNull();
    const payload = (change: (view: DataView) => void) => {
      const bytes = new Uint8Array(77);
      bytes.set(signedPart(sample).subarray(3));
      bytes.set(sampleSignature, 13);
      change(new DataView(bytes.buffer));
      return TICKET_QR_PREFIX + encodeBase45(bytes);
    };
    expect(parseTicketQr(payload(() => {}))).toEqual(parseTicketQr(text));
    for (const kind of [0, 3, 255]) expect(parseTicketQr(payload((view) => view.setUint8(0, kind)))).toBeNull();
    for (const offset of [1, 5, 9]) expect(parseTicketQr(payload((view) => view.setUint32(offset, 0)))).toBeNull();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc
            .string({ minLength: 116, maxLength: 116, unit: fc.constantFrom(...QR_ALPHANUMERIC) })
            .map((s) => `GU1:${s}`),
        ),
        (input) => {
          const parsed = parseTicketQr(input);
          if (parsed) expect(encodeTicketQr(parsed, parsed.signature)).toBe(input);
        },
      ),
    );
  });
});
