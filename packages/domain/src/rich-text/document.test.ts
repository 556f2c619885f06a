import { describe, expect, it } from 'vitest';
import { validateField } from '../forms/validate.js';
import {
  headingLevel,
  isRichTextDocument,
  isRichTextEmpty,
  parseRichTextField,
  richTextFromPlainText,
  richTextPlainText,
  sanitizeRichText,
} from './document.js';
import { requiredRichText } from './rules.js';

describe('sanitizeRichText', () => {
  it('keeps a valid document as it is', () => {
    const valid = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titre' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Voir ' },
            {
              type: 'text',
              text: 'le site',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: 'https://guichet.fr',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: 'link',
                  },
                },
                { type: 'bold' },
              ],
            },
            { type: 'hardBreak' },
          ],
        },
        { type: 'paragraph' },
      ],
    };
    expect(sanitizeRichText(valid)).toEqual(valid);
  });

  it('stores the spec’s link attributes, whatever came in', () => {
    const clean = sanitizeRichText({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href: ' https://x.fr ', target: '_self', title: 't' } }],
            },
          ],
        },
      ],
    });
    expect(clean.content[0]).toEqual({
      type: 'paragraph',
      content: [
        {
          type: 'text',
          text: 'x',
          marks: [
            {
              type: 'link',
              attrs: { href: 'https://x.fr', target: '_blank', rel: 'noopener noreferrer nofollow', class: 'link' },
            },
          ],
        },
      ],
    });
  });

  it('removes duplicate marks and drops unknown ones', () => {
    const clean = sanitizeRichText({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }, { type: 'bold' }, { type: 'code' }] }],
        },
      ],
    });
    expect(clean.content[0]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }],
    });
  });
});

describe('headingLevel', () => {
  it('keeps 1–4, brings deeper levels to 4, refuses the rest', () => {
    expect([1, 2, 3, 4, 5, 9, '3'].map(headingLevel)).toEqual([1, 2, 3, 4, 4, 4, 3]);
    expect([0, -2, 1.5, 'x', null].map(headingLevel)).toEqual([null, null, null, null, null]);
  });
});

describe('plain text', () => {
  it('turns paragraphs and line breaks into a document and back', () => {
    const doc = richTextFromPlainText('Bonjour,\r\nà bientôt.\n\n  \nCamille  ');
    expect(doc).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'Bonjour,' }, { type: 'hardBreak' }, { type: 'text', text: 'à bientôt.' }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Camille' }] },
      ],
    });
    expect(richTextPlainText(doc)).toBe('Bonjour,\nà bientôt.\n\nCamille');
  });

  it('knows an empty document', () => {
    expect(
      isRichTextEmpty({
        type: 'doc',
        content: [{ type: 'paragraph' }, { type: 'paragraph', content: [{ type: 'hardBreak' }] }],
      }),
    ).toBe(true);
    expect(
      isRichTextEmpty({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '  ' }] }] }),
    ).toBe(true);
    expect(isRichTextEmpty(richTextFromPlainText('x'))).toBe(false);
    expect(isRichTextEmpty('junk')).toBe(true);
  });
});

describe('parseRichTextField', () => {
  it('reads the editor’s JSON, sanitised', () => {
    const json = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    });
    expect(parseRichTextField(json)).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
    });
  });

  it('reads the fallback textarea’s plain text, braces included', () => {
    expect(parseRichTextField('Bonjour')).toEqual(richTextFromPlainText('Bonjour'));
    expect(parseRichTextField('{pas du JSON')).toEqual(richTextFromPlainText('{pas du JSON'));
    expect(parseRichTextField('{"type":"autre"}')).toEqual(richTextFromPlainText('{"type":"autre"}'));
  });

  it('gives an empty document for nothing', () => {
    expect(parseRichTextField(undefined)).toEqual({ type: 'doc', content: [] });
    expect(parseRichTextField('')).toEqual({ type: 'doc', content: [] });
  });
});

describe('requiredRichText', () => {
  it('refuses an empty document, JSON or plain text, with the required message', () => {
    for (const value of ['', undefined, '   ', JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] })]) {
      expect(validateField(value, [requiredRichText()])).toBe('Veuillez renseigner ce champ.');
    }
  });
  it('accepts some text', () => {
    expect(validateField('Bonjour', [requiredRichText()])).toBeNull();
    expect(validateField(JSON.stringify(richTextFromPlainText('Bonjour')), [requiredRichText()])).toBeNull();
  });
});

describe('isRichTextDocument', () => {
  it('accepts a clean document', () => {
    expect(isRichTextDocument(richTextFromPlainText('Bonjour\nà tous'))).toBe(true);
    expect(isRichTextDocument({ type: 'doc', content: [] })).toBe(true);
    expect(
      isRichTextDocument({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'T', marks: [{ type: 'italic' }] }] },
        ],
      }),
    ).toBe(true);
  });

  it('refuses anything sanitising would change', () => {
    const refused: unknown[] = [
      null,
      'doc',
      { type: 'doc' },
      { type: 'doc', content: [], extra: 1 },
      { type: 'doc', content: [{ type: 'image' }] },
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 5 } }] },
      { type: 'doc', content: [{ type: 'paragraph', attrs: { style: 'x' } }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [] }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'code' }] }] }],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
    ];
    for (const input of refused) expect(isRichTextDocument(input), JSON.stringify(input)).toBe(false);
  });

  it('refuses cyclic input without looping', () => {
    const cyclic: Record<string, unknown> = { type: 'doc' };
    cyclic.content = [cyclic];
    expect(isRichTextDocument(cyclic)).toBe(false);
  });
});
