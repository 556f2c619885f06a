import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('renders the sanitised HTML in a div.rich-text', () => {
    const html = renderToStaticMarkup(
      <RichText
        className="mt-4"
        doc={{
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Le concert' }] },
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: '<script>alert(1)</script>' },
                { type: 'text', text: 'piège', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
                { type: 'text', text: 'site', marks: [{ type: 'link', attrs: { href: 'https://guichet.fr' } }] },
              ],
            },
            { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
          ],
        }}
      />,
    );
    expect(html).toBe(
      '<div class="rich-text mt-4"><h2 class="heading-2">Le concert</h2><p class="paragraph">&lt;script&gt;alert(1)&lt;/script&gt;piège' +
        '<a class="link" href="https://guichet.fr" target="_blank" rel="noopener noreferrer nofollow">site</a></p></div>',
    );
  });

  it('renders an empty div for junk', () => {
    expect(renderToStaticMarkup(<RichText doc="<b>x</b>" />)).toBe('<div class="rich-text"></div>');
  });
});
