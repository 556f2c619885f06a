import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityPreloads, ScriptsAfterPaint } from './scripts-after-paint.server';

const HEAD =
  '<!DOCTYPE html><html lang="fr"><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>';
const BODY =
  '<body><p>Été — « à l’affiche ». Le lien <link rel="modulepreload" href="/x.js"/> du corps reste tel quel.</p></body></html>';

/** The page written through the rewrite in pieces of `size` bytes, as React's stream may cut it. */
async function through(page: string, size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );
  return text(Readable.from(pieces).pipe(new ScriptsAfterPaint()));
}

describe('the module preloads of the head, at low priority', () => {
  it('marks each preload of the head, and nothing else', () => {
    expect(lowPriorityPreloads(HEAD)).toBe(
      HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"').replaceAll(
        ' nonce="n"',
        '',
      ),
    );
    expect(lowPriorityPreloads(HEAD)).toContain('<link rel="stylesheet" href="/assets/app.css"');
  });

  it('takes the nonce off the preloads only: the head’s inline scripts keep it', () => {
    const head = `${HEAD.replace('</head>', '<script nonce="n">window.x = 1</script></head>')}`;
    const rewritten = lowPriorityPreloads(head);
    expect(rewritten.match(/nonce="n"/g)).toEqual(['nonce="n"']);
    expect(rewritten).toContain('<script nonce="n">window.x = 1</script>');
  });

  it('leaves the priority of a preload that already says one', () => {
    const given = '<link rel="modulepreload" href="/a.js" fetchpriority="high" nonce="n"/>';
    expect(lowPriorityPreloads(given)).toBe('<link rel="modulepreload" href="/a.js" fetchpriority="high"/>');
  });

  it('rewrites the head whatever the cuts of the stream, multi-byte characters included, and never the body', async () => {
    const page = `${HEAD.replace('<head>', '<head><title>Théâtre — « Célestins »</title>')}${BODY}`;
    const expected = `${lowPriorityPreloads(page.slice(0, page.indexOf('</head>')))}${page.slice(page.indexOf('</head>'))}`;
    const sizes = [...Array.from({ length: 16 }, (_, index) => index + 1), 64, 100_000];
    for (const size of sizes) expect(await through(page, size), `pieces of ${size}`).toBe(expected);
  });

  it('gives back a document without a head as it came', async () => {
    expect(await through(BODY, 5)).toBe(BODY);
  });
});
