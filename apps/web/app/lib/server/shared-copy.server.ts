/**
 * A shared copy of a public page: what the page cache keeps of a rendering made for nobody (a request without
 * cookies), and how it is served to an anonymous visitor (the same bytes, compressed once) or to a visitor
 * with a session or a cart (the same bytes with their own header part in the place of the anonymous one).
 * docs/decisions/0050.
 *
 * - Its inline scripts are allowed by their hashes instead of a nonce: every copy served is then the same
 *   bytes, with nothing to rewrite per visitor but the header part (and that part runs no script).
 * - The visitor's part is the one `<guichet-visitor>` element of the page (components/shell/visitor-links.tsx).
 *   For gzip, the bytes before and after it are deflated once each, ending on a byte boundary (a sync flush);
 *   a visitor's part, deflated the same way, goes in between, and only the trailer's CRC-32 is computed per
 *   copy (Node's zlib.crc32, continued over the part and the bytes after it).
 */
import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

export const VISITOR_TAG = 'guichet-visitor';
const REGION_START = `<${VISITOR_TAG}`;
const REGION_END = `</${VISITOR_TAG}>`;

/** Headers of the rendering that are never replayed: they describe one response's bytes or one visitor. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie', 'date', 'etag']);

/** A piece of a page, with its raw-deflate bytes (sync-flushed, or final for the last piece). */
export type Piece = { bytes: Buffer; deflated: Buffer };

export type SharedCopy = {
  status: number;
  headers: [string, string][];
  /** The page as rendered (the anonymous visitor's), and the same compressed once. */
  body: Buffer;
  gzip: Buffer;
  /** The bytes around the visitor's part, when the page has exactly one; null: only anonymous visitors get it. */
  region: { before: Piece; after: Piece; crcBefore: number; showCart: boolean } | null;
  size: number;
};

const syncFlush = (bytes: Buffer): Piece => ({
  bytes,
  deflated: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
});

/** The part of one visitor, ready to go between the bytes of a copy. */
export const visitorPiece = (html: string): Piece => syncFlush(Buffer.from(html));

/** Whether a `<script>`'s attributes make it a data block (JSON…), which never runs and needs no hash. */
function isDataBlock(attributes: string): boolean {
  const type = /\btype="([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase();
  return type !== undefined && type !== '' && type !== 'module' && !type.includes('javascript');
}

/**
 * The page without its nonce, and its Content-Security-Policy allowing its inline scripts by their SHA-256
 * instead: computed once, when the copy is kept.
 */
export function withScriptHashes(html: string, policy: string): { html: string; policy: string } {
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return { html, policy };
  const bare = html.replaceAll(` nonce="${nonce}"`, '');
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of bare.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attributes) || isDataBlock(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content).digest('base64')}'`);
  }
  return { html: bare, policy: policy.replace(` 'nonce-${nonce}'`, [...hashes].map((hash) => ` ${hash}`).join('')) };
}

/** The copy of a rendering's answer (status 200, shareable: checked by the caller). */
export function sharedCopy(status: number, headers: Headers, rendered: string): SharedCopy {
  const policy = headers.get('content-security-policy');
  const { html, policy: hashedPolicy } = policy ? withScriptHashes(rendered, policy) : { html: rendered, policy };
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name))
      kept.push([name, name === 'content-security-policy' ? (hashedPolicy ?? value) : value]);
  });
  const body = Buffer.from(html);
  const gzip = gzipSync(body);
  const start = html.indexOf(REGION_START);
  const end = html.indexOf(REGION_END, start);
  const single = start !== -1 && end !== -1 && html.indexOf(REGION_START, start + 1) === -1;
  let region: SharedCopy['region'] = null;
  if (single) {
    const before = Buffer.from(html.slice(0, start));
    const afterBytes = Buffer.from(html.slice(end + REGION_END.length));
    region = {
      before: syncFlush(before),
      after: { bytes: afterBytes, deflated: deflateRawSync(afterBytes) },
      crcBefore: crc32(before),
      showCart: /^<guichet-visitor[^>]*\bdata-cart="true"/.test(html.slice(start, end)),
    };
  }
  const regionSize = region ? region.before.deflated.length + region.after.deflated.length : 0;
  return { status, headers: kept, body, gzip, region, size: body.length * (region ? 2 : 1) + gzip.length + regionSize };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The copy's bytes with `part` in the place of the anonymous visitor's part, compressed or not. */
export function withVisitorPart(region: NonNullable<SharedCopy['region']>, part: Piece, gzip: boolean): Buffer {
  const { before, after } = region;
  if (!gzip) return Buffer.concat([before.bytes, part.bytes, after.bytes]);
  let crc = region.crcBefore;
  // Node's crc32 of an empty buffer gives 0 instead of the running value (seen on Node 20.20).
  if (part.bytes.length > 0) crc = crc32(part.bytes, crc);
  if (after.bytes.length > 0) crc = crc32(after.bytes, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((before.bytes.length + part.bytes.length + after.bytes.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, before.deflated, part.deflated, after.deflated, trailer]);
}

/**
 * Whether an Accept-Encoding header takes gzip: named with a weight above 0, or `*` when gzip is not named.
 */
export function acceptsGzip(header: string | undefined): boolean {
  let any = false;
  for (const item of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') any = accepted;
  }
  return any;
}
