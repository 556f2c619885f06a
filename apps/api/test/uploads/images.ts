/**
 * Images for the upload tests, made in the test: real ones drawn by sharp, and hostile ones written byte by
 * byte (a header announcing a huge image over a few bytes of data), which no image tool would produce.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A picture `width` × `height`, left half red and right half blue (so a rotation shows). */
export function twoColours(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    {
      input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
      left: 0,
      top: 0,
    },
  ]);
}

/**
 * A JPEG whose EXIF turns it a quarter clockwise (orientation 6), with a camera's make and a GPS position: what
 * a phone's photo carries and the stored visual must not.
 */
export async function jpegWithExif(width = 600, height = 400): Promise<Buffer> {
  const drawn = await twoColours(width, height).png().toBuffer();
  return sharp(drawn)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Appareil-Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Whether EXIF data holds a GPS part (the pointer tag 0x8825, in either byte order). */
export const hasGpsPointer = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG announcing `width` × `height` RGB pixels whose data is `rows` rows of zeros deflated: a few kilobytes
 * that would be gigabytes once decoded — what a decompression bomb is.
 */
export function craftedPng(width: number, height: number, rows = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const raw = Buffer.alloc(rows * (1 + width * 3)); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's header (a frame of `width` × `height`, a scan's start) with nothing decodable after it. */
export function craftedJpeg(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const scan = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, scan, Buffer.alloc(16), Buffer.from([0xff, 0xd9])]);
}

/**
 * A lossless WebP whose header announces `size` × `size` pixels (16,383 at most, WebP's bound) over the data
 * of a single pixel: the header is all a decoder reads before it allocates.
 */
export async function craftedWebp(size: number): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .webp({ lossless: true })
      .toBuffer(),
  );
  // RIFF, size, WEBP, VP8L, size, then the signature 0x2f at 20 and 14 bits of width − 1, 14 of height − 1.
  const bits = bytes.readUInt32LE(21);
  bytes.writeUInt32LE(((bits & ~0x0fffffff) | (size - 1) | ((size - 1) << 14)) >>> 0, 21);
  return bytes;
}
