// A gzip body assembled from pieces compressed once. The page cache keeps a page as the bytes between its
// nonces, and each copy it serves carries a nonce of its own: compressing every copy again cost more than all
// the rest of serving it (a 115 KB page: 500 copies a second compressed, 5,000 not). So each piece is deflated
// once, on its own (a back-reference never crosses a nonce), ending on a byte boundary (a sync flush); a
// copy's nonce goes in between as a stored, uncompressed block; and the trailer's CRC-32 is combined from the
// pieces' own (zlib's crc32_combine), so a copy costs neither compression nor a pass over the page.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** The CRC-32 polynomial, reflected, as zlib has it. */
const POLY = 0xedb88320;

/** a × b modulo the polynomial, both reflected, x^0 being the top bit (zlib's multmodp). */
function multiplyModP(a, b) {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 (zlib's x2n_table). */
const X_POWERS = [0x40000000];
for (let k = 1; k < 32; k++) X_POWERS.push(multiplyModP(X_POWERS[k - 1], X_POWERS[k - 1]));

/** x^(8·bytes) modulo the polynomial: what appending `bytes` bytes does to a CRC (zlib's crc32_combine_gen). */
export function crcShift(bytes) {
  let power = 0x80000000;
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) power = multiplyModP(X_POWERS[k % 32], power);
  }
  return power;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crcShift(length of B) (zlib's crc32_combine_op). */
export const combineCrc = (crcA, crcB, shiftB) => (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block of the stream: stored, final, empty. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * Compresses the pieces of a body once.
 * @param {Buffer[]} pieces the bytes between the separators
 * @returns {{ deflated: Buffer[], crcs: number[], shifts: number[], length: number, size: number }}
 *   `length`: the pieces' bytes before compression; `size`: after.
 */
export function deflatePieces(pieces) {
  const deflated = pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
  return {
    deflated,
    crcs: pieces.map((piece) => crc32(piece)),
    shifts: pieces.map((piece) => crcShift(piece.length)),
    length: pieces.reduce((total, piece) => total + piece.length, 0),
    size: deflated.reduce((total, piece) => total + piece.length, 0),
  };
}

/**
 * The gzip body of the pieces joined by `separator` (at most 65,535 bytes: one stored block), as the buffers
 * to write one after the other.
 * @param {ReturnType<typeof deflatePieces>} prepared
 * @param {Buffer} separator
 * @returns {Buffer[]}
 */
export function gzipJoined({ deflated, crcs, shifts, length }, separator) {
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(separator.length, 1);
  stored.writeUInt16LE(~separator.length & 0xffff, 3);
  const chunks = [GZIP_HEADER, deflated[0]];
  let crc = crcs[0];
  for (let index = 1; index < deflated.length; index++) {
    chunks.push(stored, separator, deflated[index]);
    // Node's crc32 of some empty buffers gives 0 instead of the running value (seen on Node 20.20).
    if (separator.length > 0) crc = crc32(separator, crc);
    crc = combineCrc(crc, crcs[index], shifts[index]);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((length + separator.length * (deflated.length - 1)) % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return chunks;
}
