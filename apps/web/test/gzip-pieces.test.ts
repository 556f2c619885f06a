/**
 * A gzip body assembled from pieces compressed once (gzip-pieces.mjs): whatever the pieces and the separator,
 * it inflates to the pieces joined by the separator, and its trailer (CRC-32 and length) checks out —
 * gunzipSync refuses a body whose trailer is wrong.
 */
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineCrc, crcShift, deflatePieces, gzipJoined } from '../gzip-pieces.mjs';

const bytes = (maxLength: number) =>
  fc.uint8Array({ maxLength }).map((array) => Buffer.from(array.buffer, array.byteOffset, array.length));

describe('a gzip body from pieces compressed once', () => {
  it('inflates to the pieces joined by the separator, its trailer checked', () => {
    fc.assert(
      fc.property(fc.array(bytes(3000), { minLength: 1, maxLength: 8 }), bytes(40), (pieces, separator) => {
        const body = Buffer.concat(gzipJoined(deflatePieces(pieces), separator));
        const joined = Buffer.concat(pieces.flatMap((piece, index) => (index > 0 ? [separator, piece] : [piece])));
        expect(gunzipSync(body).equals(joined)).toBe(true);
      }),
    );
  });

  it('combines two CRC-32 as the CRC-32 of the two one after the other', () => {
    fc.assert(
      fc.property(bytes(5000), bytes(5000), (a, b) => {
        expect(combineCrc(crc32(a), crc32(b), crcShift(b.length))).toBe(crc32(Buffer.concat([a, b])));
      }),
    );
  });

  it('serves a real page: a new separator each time, the rest compressed as much as a whole', () => {
    const page = Buffer.from(
      `<!doctype html><html lang="fr"><head><script nonce="NONCE">x()</script></head><body>${'<article class="carte">Théâtre — « Les Célestins », Lyon</article>'.repeat(2000)}<script nonce="NONCE">y()</script></body></html>`,
    );
    const pieces = page
      .toString()
      .split('NONCE')
      .map((piece) => Buffer.from(piece));
    const prepared = deflatePieces(pieces);
    for (const nonce of ['AAAAAAAAAAAAAAAAAAAAAA==', 'qbcZ1+/9aaaaaaaaaaaaaa==']) {
      const body = Buffer.concat(gzipJoined(prepared, Buffer.from(nonce)));
      expect(gunzipSync(body).toString()).toBe(page.toString().replaceAll('NONCE', nonce));
      expect(body.length).toBeLessThan(page.length / 20);
    }
  });
});
