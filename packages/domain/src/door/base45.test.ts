import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase45, encodeBase45 } from './base45.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);

describe('base45', () => {
  it('writes and reads the examples of RFC 9285', () => {
    expect(encodeBase45(utf8('AB'))).toBe('BB8');
    expect(encodeBase45(utf8('Hello!!'))).toBe('%69 VD92EX0');
    expect(encodeBase45(utf8('base-45'))).toBe('UJCLQE7W581');
    expect(text(decodeBase45('QED8WEX0'))).toBe('ietf!');
    expect(encodeBase45(new Uint8Array())).toBe('');
    expect(decodeBase45('')).toEqual(new Uint8Array());
  });

  it('reads back every byte string it writes, in the alphabet of a QR code’s alphanumeric mode', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const encoded = encodeBase45(bytes);
        expect(encoded).toMatch(/^[0-9A-Z $%*+\-./:]*$/);
        expect(encoded.length).toBe(Math.floor(bytes.length / 2) * 3 + (bytes.length % 2) * 2);
        expect(decodeBase45(encoded)).toEqual(bytes);
      }),
    );
  });

  it('refuses a triplet above 65535, a final pair above 255, a length of 3n+1 and characters outside the alphabet', () => {
    // GGW = 16 + 16×45 + 32×2025 = 65536, the first value two bytes cannot hold; FGW = 65535 the last they can.
    expect(decodeBase45('GGW')).toBeNull();
    expect(decodeBase45('FGW')).toEqual(new Uint8Array([0xff, 0xff]));
    expect(decodeBase45(':::')).toBeNull();
    // 256 = 31 + 5×45; 255 = 30 + 5×45.
    expect(decodeBase45('V5')).toBeNull();
    expect(decodeBase45('U5')).toEqual(new Uint8Array([0xff]));
    expect(decodeBase45('BB8B')).toBeNull();
    for (const bad of ['bb8', 'BB_', 'B#8', 'BB8\n', 'É00', '\u0000AB']) expect(decodeBase45(bad)).toBeNull();
  });

  it('answers null or bytes for any text, never throws', () => {
    fc.assert(
      // Texts of the alphabet too: random text alone would almost never be valid base45.
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60, unit: 'binary' }),
          fc.string({ maxLength: 60, unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:') }),
        ),
        (input) => {
          const bytes = decodeBase45(input);
          if (bytes) expect(encodeBase45(bytes)).toBe(input);
        },
      ),
    );
  });
});
