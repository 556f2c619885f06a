import { Transform, type TransformCallback } from 'node:stream';

/**
 * The page's module preloads asked for at low priority, without a nonce. React Router writes one
 * `<link rel="modulepreload">` per script of the page into `<head>`, which a browser fetches at high priority
 * beside the stylesheet and the leading picture: on a slow phone the first paint then waits for scripts it does
 * not need. `<Scripts>` cannot say `fetchpriority="low"`, hence this rewrite of the head as it streams by (only
 * the head is kept until `</head>`; the body passes untouched). A preload is a file of this site, which `'self'`
 * allows: only inline scripts need the nonce.
 */
export class ScriptsAfterPaint extends Transform {
  private head: Buffer[] = [];
  private headDone = false;

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.headDone) return callback(null, bytes);
    this.head.push(bytes);
    const kept = Buffer.concat(this.head);
    // Found among the bytes: what follows may end inside a character, and is passed on as bytes.
    const end = kept.indexOf('</head>');
    if (end === -1) return callback();
    this.headDone = true;
    this.head = [];
    callback(
      null,
      Buffer.concat([Buffer.from(lowPriorityPreloads(kept.subarray(0, end).toString('utf8'))), kept.subarray(end)]),
    );
  }

  override _flush(callback: TransformCallback) {
    // A document without a head (never one of ours): what was kept, as it was.
    callback(null, this.head.length > 0 ? Buffer.concat(this.head) : undefined);
  }
}

/**
 * Every module preload of `head` marked low priority (one left as written if it already says a priority),
 * without a nonce.
 */
export function lowPriorityPreloads(head: string): string {
  return head.replace(/<link rel="modulepreload"[^>]*>/gi, (link) => {
    const withoutNonce = link.replace(/ nonce="[^"]*"/i, '');
    return /fetchpriority/i.test(withoutNonce)
      ? withoutNonce
      : withoutNonce.replace(/^<link rel="modulepreload"/i, '<link rel="modulepreload" fetchpriority="low"');
  });
}
