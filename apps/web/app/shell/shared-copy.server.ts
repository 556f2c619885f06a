/**
 * A shared copy of a public page (docs/decisions/0050): what the page cache keeps of a rendering made for
 * nobody, served as is to an anonymous visitor (compressed once), or with a visitor's own header part — the
 * page's one `<guichet-visitor>` element — in the place of the anonymous one. Its inline scripts are allowed
 * by their hashes, not a nonce, so nothing else differs between copies. For gzip, the bytes around the part
 * are deflated once each, ending on a byte boundary (sync flush); only the trailer's CRC-32 is computed per
 * answer (Node's zlib.crc32, continued over the part and the bytes after it).
 */
import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

export const VISITOR_TAG = 'guichet-visitor';

/** Headers never replayed: they describe one response's bytes or one visitor. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie', 'date', 'etag']);

/** Bytes of a page, and the same raw-deflated (sync-flushed, or final for the last piece). */
export type Piece = { bytes: Buffer; deflated: Buffer };

export type Region = { before: Piece; after: Piece; crcBefore: number; showCart: boolean };

export type SharedCopy = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  /** The bytes around the visitor's part; null (no single part): only anonymous visitors get this copy. */
  region: Region | null;
  size: number;
};

const piece = (bytes: Buffer, final = false): Piece => ({
  bytes,
  deflated: deflateRawSync(bytes, { finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
});

/** A visitor's part, ready to go between the bytes of a copy. */
export const visitorPiece = (html: string): Piece => piece(Buffer.from(html));

/**
 * The page without its nonce, and its Content-Security-Policy allowing its inline scripts by their SHA-256
 * instead (data blocks, which never run, need none).
 */
export function withScriptHashes(html: string, policy: string): { html: string; policy: string } {
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return { html, policy };
  const bare = html.replaceAll(` nonce="${nonce}"`, '');
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of bare.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (/\bsrc=/i.test(attributes) || !['', 'module', 'text/javascript'].includes(type)) continue;
    hashes.add(` 'sha256-${createHash('sha256').update(content).digest('base64')}'`);
  }
  return { html: bare, policy: policy.replace(` 'nonce-${nonce}'`, [...hashes].join('')) };
}

/** The copy of a rendering's shareable answer. */
export function sharedCopy(status: number, headers: Headers, rendered: string): SharedCopy {
  const { html, policy } = withScriptHashes(rendered, headers.get('content-security-policy') ?? '');
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name)) kept.push([name, name === 'content-security-policy' ? policy : value]);
  });
  const body = Buffer.from(html);
  const start = html.indexOf(`<${VISITOR_TAG}`);
  const endTag = html.indexOf(`</${VISITOR_TAG}>`, start);
  const end = endTag + VISITOR_TAG.length + 3;
  let region: Region | null = null;
  if (start !== -1 && endTag !== -1 && html.indexOf(`<${VISITOR_TAG}`, start + 1) === -1) {
    const before = Buffer.from(html.slice(0, start));
    region = {
      before: piece(before),
      after: piece(Buffer.from(html.slice(end)), true),
      crcBefore: crc32(before),
      showCart: /^<guichet-visitor[^>]*\bdata-cart="true"/.test(html.slice(start)),
    };
  }
  const gzip = gzipSync(body);
  const size =
    body.length +
    gzip.length +
    (region ? body.length + region.before.deflated.length + region.after.deflated.length : 0);
  return { status, headers: kept, body, gzip, region, size };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The copy's bytes with `part` in the place of the anonymous visitor's, compressed or not. */
export function withVisitorPart({ before, after, crcBefore }: Region, part: Piece, gzip: boolean): Buffer {
  if (!gzip) return Buffer.concat([before.bytes, part.bytes, after.bytes]);
  // Node's crc32 of an empty buffer gives 0 instead of the running value (seen on Node 20.20).
  const crc = [part.bytes, after.bytes].reduce(
    (running, bytes) => (bytes.length ? crc32(bytes, running) : running),
    crcBefore,
  );
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((before.bytes.length + part.bytes.length + after.bytes.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, before.deflated, part.deflated, after.deflated, trailer]);
}
