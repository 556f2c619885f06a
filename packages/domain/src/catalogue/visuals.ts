/**
 * Visuals uploaded by organisers (issue 25): what the API accepts, the sizes it makes of them and the names it
 * serves them under. One module for the API, the pro site's form (the same limits, the same words before the
 * file is even sent) and the public site.
 */

/** The formats an upload may be, told by its first bytes (never by its name or declared type). */
export const VISUAL_UPLOAD_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type VisualUploadFormat = (typeof VISUAL_UPLOAD_FORMATS)[number];

export const VISUAL_UPLOAD_LIMITS = {
  /** 10 MB (issue 25): a phone's photo fits, a camera's RAW export does not need to. */
  bytes: 10 * 1024 * 1024,
  /**
   * 40 megapixels, read from the file's header before anything is decoded: a 12–24 MP phone photo or a 36 MP
   * camera's JPEG passes, while the decoded image stays under 160 MB (4 bytes a pixel) in memory, times the
   * pipelines running at once. A 20,000 × 20,000 PNG (400 MP, 1.6 GB decoded) of a few kilobytes — a
   * decompression bomb — is refused before a pixel of it is read.
   */
  pixels: 40_000_000,
} as const;

/**
 * The widths the public site asks for (in CSS pixels × the screen's density): 480 for a card on a 1× screen
 * (three cards a row of `container-page` are 355 px wide), 960 for a card on a 2× screen, a phone's
 * full-width card and the ticketing page's image at 1× (650 px at `lg`, up to 976 px below), 1440 for that
 * image on a 2× screen. An image narrower than a width is never enlarged to it.
 */
export const VISUAL_WIDTHS = [480, 960, 1440] as const;
/** The width of the visual's own `url` (the `src` before any `srcset`): right for cards and pages at 1×. */
export const VISUAL_DEFAULT_WIDTH = 960;
/** A variant is at most this many times as tall as wide: a very tall image stays within WebP's 16,383 px. */
export const VISUAL_MAX_HEIGHT_RATIO = 3;

/**
 * A stored file's name: the first 16 hex digits of the hash of what was uploaded, then the variant's width.
 * New content is a new name, so a name is served with a one-year immutable cache (versioned names).
 */
export const MEDIA_NAME_PATTERN = /^[0-9a-f]{16}-[1-9][0-9]{0,4}\.webp$/;
/** Where the public site and the API serve a stored file. */
export const MEDIA_PATH_PREFIX = '/media/';

export const mediaName = (hash: string, width: number) => `${hash.slice(0, 16)}-${width}.webp`;
export const mediaUrl = (name: string) => `${MEDIA_PATH_PREFIX}${name}`;

const megabytes = VISUAL_UPLOAD_LIMITS.bytes / (1024 * 1024);
const megapixels = VISUAL_UPLOAD_LIMITS.pixels / 1_000_000;

export const VISUAL_UPLOAD_MESSAGES = {
  missing: 'Choisissez une image à envoyer.',
  notMultipart: 'Envoyez l’image dans un formulaire (multipart/form-data).',
  tooLarge: `Cette image dépasse ${megabytes} Mo : réduisez-la avant de l’envoyer.`,
  tooManyPixels: `Cette image dépasse ${megapixels} millions de pixels (par exemple 8 000 × 5 000) : réduisez-la avant de l’envoyer.`,
  unsupported: 'Ce fichier n’est pas une image JPEG, PNG ou WebP.',
  unreadable: 'Cette image est illisible ou abîmée : enregistrez-la à nouveau, puis renvoyez-la.',
  busy: 'Trop d’images sont en cours de traitement : réessayez dans quelques instants.',
  notFound: 'Image introuvable.',
} as const;

const SIGNATURES: readonly { format: VisualUploadFormat; matches: (bytes: Uint8Array) => boolean }[] = [
  { format: 'jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { format: 'png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF, four bytes of length, WEBP.
  {
    format: 'webp',
    matches: (bytes) =>
      startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/**
 * The format of an upload by its first bytes, or null when it is none of the accepted ones: a GIF, an SVG or
 * a text file named `.jpg` never reaches an image decoder.
 */
export function visualFormatOf(bytes: Uint8Array): VisualUploadFormat | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.format ?? null;
}
