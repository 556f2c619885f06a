/**
 * The pipeline of an uploaded visual (issue 25, docs/decisions/0059): the file is recognised by its first
 * bytes (JPEG, PNG or WebP, nothing else reaches a decoder), its size in pixels is read from its header and
 * bounded before a pixel is decoded, then it is turned upright by its EXIF orientation and written as WebP at
 * the widths the public site uses, without any of its metadata (EXIF and its GPS position, ICC, XMP: sharp
 * writes none unless asked), under names made from the hash of what was uploaded.
 */
import { createHash } from 'node:crypto';
import type { UploadedVisual, VisualVariant } from '@guichet/contracts';
import {
  mediaName,
  mediaUrl,
  VISUAL_DEFAULT_WIDTH,
  VISUAL_MAX_HEIGHT_RATIO,
  VISUAL_UPLOAD_LIMITS,
  VISUAL_UPLOAD_MESSAGES,
  VISUAL_WIDTHS,
  visualFormatOf,
} from '@guichet/domain';
import pLimit from 'p-limit';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { HttpError } from '../../lib/http-error.js';
import { writeMediaFile } from './media-files.js';

/**
 * Part of every name's hash: when the pipeline's output changes (widths, quality), the same upload gets new
 * names, so no browser keeps an old file under a name cached as immutable.
 */
const PIPELINE_VERSION = 'webp-q80-v1';
const WEBP_QUALITY = 80;

/**
 * Pipelines running at once in this process. sharp works on libuv's thread pool (4 threads), which file reads,
 * DNS lookups and zlib share with it: two pipelines, each writing its sizes one after the
 * other, leave the rest of the pool to the API's other requests however many organisers upload at once.
 */
const PIPELINES = 2;
/** Uploads waiting for a pipeline beyond which the next one is told to come back (503) instead of queueing. */
const MAX_WAITING = 8;
const pipelines = pLimit(PIPELINES);

// Only the three accepted formats' decoders may run in this process, whatever a file claims to be: libvips
// sniffs formats by itself, and this shuts the others (SVG, TIFF, HEIF, PDF, GIF…) even if the check of the
// first bytes were ever bypassed.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'] });

const refused = {
  unsupported: () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', VISUAL_UPLOAD_MESSAGES.unsupported),
  tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', VISUAL_UPLOAD_MESSAGES.tooLarge),
  tooManyPixels: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', VISUAL_UPLOAD_MESSAGES.tooManyPixels),
  unreadable: () => new HttpError(400, 'BAD_REQUEST', VISUAL_UPLOAD_MESSAGES.unreadable),
  busy: () =>
    new HttpError(503, 'SERVICE_UNAVAILABLE', VISUAL_UPLOAD_MESSAGES.busy, { headers: { 'retry-after': '5' } }),
};

/** The widths made of an image `width` pixels wide (upright): those it covers, and itself up to the largest. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VISUAL_WIDTHS.filter((candidate) => candidate < width);
  const largest = Math.min(width, VISUAL_WIDTHS[VISUAL_WIDTHS.length - 1] ?? width);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

const decoderOptions = {
  // Checked again by libvips as it opens the file: the header read below is the first guard, not the only one.
  limitInputPixels: VISUAL_UPLOAD_LIMITS.pixels,
  // An animated WebP or PNG gives its first frame: a poster is still.
  pages: 1,
  // A real decoding error refuses the file; a camera's harmless oddity (a warning) does not.
  failOn: 'error',
} as const;

/** Width and height as shown (EXIF orientations 5 to 8 turn the image a quarter). */
async function uprightSize(bytes: Buffer) {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { ...decoderOptions, limitInputPixels: false }).metadata();
  } catch {
    throw refused.unreadable();
  }
  const { width, height, orientation } = metadata;
  if (!width || !height) throw refused.unreadable();
  if (width * height > VISUAL_UPLOAD_LIMITS.pixels) throw refused.tooManyPixels();
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

async function render(bytes: Buffer, hash: string, directory: string): Promise<VisualVariant[]> {
  const size = await uprightSize(bytes);
  const variants: VisualVariant[] = [];
  for (const width of variantWidths(size.width)) {
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await sharp(bytes, decoderOptions)
        .rotate()
        .resize({
          width,
          height: width * VISUAL_MAX_HEIGHT_RATIO,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw refused.unreadable();
    }
    const name = mediaName(hash, output.info.width);
    await writeMediaFile(directory, name, output.data);
    variants.push({
      name,
      url: mediaUrl(name),
      width: output.info.width,
      height: output.info.height,
      bytes: output.info.size,
    });
  }
  return variants;
}

/**
 * Checks and stores an uploaded visual in `directory`; answers the visual at its default width (`alt` as the
 * caller gives it) and every size made. The same bytes give the same names (idempotent). Refusals are
 * HttpErrors with the French message: 413 over 10 MB or 40 megapixels, 415 for another format, 400 for a
 * file that cannot be decoded, 503 when too many uploads are waiting.
 */
export async function storeVisual(
  bytes: Buffer,
  { directory, alt }: { directory: string; alt: string },
): Promise<Omit<UploadedVisual, 'id'>> {
  if (bytes.length > VISUAL_UPLOAD_LIMITS.bytes) throw refused.tooLarge();
  if (!visualFormatOf(bytes)) throw refused.unsupported();
  if (pipelines.pendingCount >= MAX_WAITING) throw refused.busy();
  const hash = createHash('sha256').update(PIPELINE_VERSION).update(bytes).digest('hex');
  const variants = await pipelines(() => render(bytes, hash, directory));
  const shown = variants.filter((variant) => variant.width <= VISUAL_DEFAULT_WIDTH).at(-1) ?? variants[0];
  if (!shown) throw refused.unreadable();
  return { visual: { url: shown.url, alt, width: shown.width, height: shown.height }, variants };
}
