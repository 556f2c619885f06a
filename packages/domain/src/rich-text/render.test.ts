import { describe, expect, it } from 'vitest';
import { renderRichText } from './render.js';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, ...marks: unknown[]) =>
  marks.length ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const link = (href: unknown, extra: Record<string, unknown> = {}) => ({ type: 'link', attrs: { href, ...extra } });

const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('renderRichText: the allowed schema', () => {
  it('renders paragraphs and headings 1 to 4 with the spec’s classes', () => {
    const html = renderRichText(
      doc(
        { type: 'heading', attrs: { level: 1 }, content: [text('Titre')] },
        { type: 'heading', attrs: { level: 2 }, content: [text('Deux')] },
        { type: 'heading', attrs: { level: 3 }, content: [text('Trois')] },
        { type: 'heading', attrs: { level: 4 }, content: [text('Quatre')] },
        p(text('Bonjour')),
      ),
    );
    expect(html).toBe(
      '<h1 class="heading-1">Titre</h1><h2 class="heading-2">Deux</h2><h3 class="heading-3">Trois</h3>' +
        '<h4 class="heading-4">Quatre</h4><p class="paragraph">Bonjour</p>',
    );
  });

  it('renders bold, italic and underline, nested in one order whatever the stored order', () => {
    expect(renderRichText(doc(p(text('a', { type: 'bold' }))))).toBe(
      '<p class="paragraph"><strong class="bold">a</strong></p>',
    );
    expect(renderRichText(doc(p(text('a', { type: 'underline' }, { type: 'italic' }, { type: 'bold' }))))).toBe(
      '<p class="paragraph"><strong class="bold"><em class="italic"><u class="underline">a</u></em></strong></p>',
    );
  });

  it('renders links opening in a new tab, with no opener, no referrer, no follow', () => {
    expect(renderRichText(doc(p(text('Guichet', link('https://guichet.fr')))))).toBe(
      `<p class="paragraph"><a class="link" href="https://guichet.fr" ${LINK_ATTRS}>Guichet</a></p>`,
    );
  });

  it('ignores stored target, rel and class of a link', () => {
    const html = renderRichText(
      doc(p(text('x', link('https://guichet.fr', { target: '_self', rel: 'opener', class: 'evil', onclick: 'x()' })))),
    );
    expect(html).toBe(`<p class="paragraph"><a class="link" href="https://guichet.fr" ${LINK_ATTRS}>x</a></p>`);
  });

  it('makes one link of consecutive pieces of the same link', () => {
    const html = renderRichText(
      doc(p(text('Réservez ', link('https://guichet.fr')), text('vite', link('https://guichet.fr'), { type: 'bold' }))),
    );
    expect(html).toBe(
      `<p class="paragraph"><a class="link" href="https://guichet.fr" ${LINK_ATTRS}>Réservez <strong class="bold">vite</strong></a></p>`,
    );
  });

  it('renders hard breaks and empty paragraphs', () => {
    expect(renderRichText(doc(p(text('a'), { type: 'hardBreak' }, text('b')), { type: 'paragraph' }))).toBe(
      '<p class="paragraph">a<br>b</p><p class="paragraph"></p>',
    );
  });
});

describe('renderRichText: escaping', () => {
  it('escapes markup in text', () => {
    expect(renderRichText(doc(p(text('<script>alert("x")</script> & \'co\''))))).toBe(
      '<p class="paragraph">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>',
    );
    expect(renderRichText(doc(p(text('<img src=x onerror=alert(1)>'))))).not.toContain('<img');
  });

  it('escapes quotes and markup in an href, so it cannot leave its attribute', () => {
    const html = renderRichText(doc(p(text('x', link('https://x.fr/"><script>alert(1)</script>')))));
    expect(html).toContain('href="https://x.fr/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script');
    expect(renderRichText(doc(p(text('x', link("https://x.fr/' onmouseover='alert(1)")))))).toContain(
      'href="https://x.fr/&#39; onmouseover=&#39;alert(1)"',
    );
  });
});

describe('renderRichText: refused content', () => {
  it('keeps the text of a link to a refused scheme, without the link', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'javascript&#58;alert(1)',
      'javascript%3Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relatif',
      '//evil.example',
      42,
      null,
    ]) {
      const html = renderRichText(doc(p(text('cliquez', link(href), { type: 'bold' }))));
      expect(html, String(href)).toBe('<p class="paragraph"><strong class="bold">cliquez</strong></p>');
    }
  });

  it('drops unknown nodes with their content', () => {
    const html = renderRichText(
      doc(
        { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
        { type: 'codeBlock', content: [text('<b>code</b>')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('item'))] }] },
        { type: 'script', content: [text('alert(1)')] },
        p(text('gardé'), { type: 'image', attrs: { src: 'x' } }, { type: 'mention', attrs: { id: 1 } }),
      ),
    );
    expect(html).toBe('<p class="paragraph">gardé</p>');
  });

  it('drops unknown marks and attributes', () => {
    const html = renderRichText(
      doc({
        type: 'paragraph',
        attrs: { style: 'color:red', class: 'x', onclick: 'alert(1)' },
        content: [
          text(
            'a',
            { type: 'code' },
            { type: 'strike' },
            { type: 'textStyle', attrs: { color: 'red' } },
            { type: 'italic' },
          ),
        ],
      }),
    );
    expect(html).toBe('<p class="paragraph"><em class="italic">a</em></p>');
  });

  it('brings deeper headings to level 4 and unreadable levels to paragraphs', () => {
    expect(renderRichText(doc({ type: 'heading', attrs: { level: 5 }, content: [text('cinq')] }))).toBe(
      '<h4 class="heading-4">cinq</h4>',
    );
    expect(renderRichText(doc({ type: 'heading', attrs: { level: 6 }, content: [text('six')] }))).toBe(
      '<h4 class="heading-4">six</h4>',
    );
    expect(renderRichText(doc({ type: 'heading', attrs: { level: '2' }, content: [text('deux')] }))).toBe(
      '<h2 class="heading-2">deux</h2>',
    );
    for (const level of [0, -1, 2.5, '1><script>', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(renderRichText(doc({ type: 'heading', attrs: { level }, content: [text('t')] })), String(level)).toBe(
        '<p class="paragraph">t</p>',
      );
    }
    expect(renderRichText(doc({ type: 'heading', content: [text('t')] }))).toBe('<p class="paragraph">t</p>');
  });
});

describe('renderRichText: malformed input never throws', () => {
  it('renders nothing for what is no document', () => {
    for (const input of [undefined, null, 42, 'texte', [], true, {}, { type: 'paragraph' }, { type: 'doc' }]) {
      expect(renderRichText(input)).toBe('');
    }
  });

  it('renders what it can of a damaged document', () => {
    const html = renderRichText({
      type: 'doc',
      content: [
        null,
        42,
        'x',
        { type: 'paragraph', content: 'oops' },
        p(null, { type: 'text' }, { type: 'text', text: 7 }, text('ok')),
      ],
    });
    expect(html).toBe('<p class="paragraph"></p><p class="paragraph">ok</p>');
  });

  it('survives cyclic structures, throwing getters and proxies', () => {
    const cyclic: Record<string, unknown> = { type: 'paragraph' };
    cyclic.content = [cyclic, text('fin')];
    const throwing = {
      type: 'paragraph',
      get content(): unknown {
        throw new Error('boom');
      },
    };
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(renderRichText(doc(cyclic, throwing, proxy, p(text('après'))))).toBe(
      '<p class="paragraph">fin</p><p class="paragraph"></p><p class="paragraph">après</p>',
    );
    expect(renderRichText(proxy)).toBe('');
  });

  it('survives marks that are no array and links without attrs', () => {
    expect(renderRichText(doc(p({ type: 'text', text: 'a', marks: 'bold' }, text('b', { type: 'link' }, null))))).toBe(
      '<p class="paragraph">ab</p>',
    );
  });
});
