// @vitest-environment jsdom
import { richTextFromPlainText } from '@guichet/domain';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';
import { richTextFieldValue } from './rich-text-parts';
import { applyLink, pasteAsLink, richTextExtensions } from './tiptap-editor';

afterEach(() => cleanup());

// jsdom has no layout: ProseMirror measures the selection to scroll it into view.
beforeAll(() => {
  const noRect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => noRect as DOMRect;
  document.elementFromPoint ??= () => null;
});

function makeEditor(text = 'Réservez vite') {
  return new Editor({
    extensions: richTextExtensions(),
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
  });
}

function hiddenValue(container: HTMLElement): unknown {
  const input = container.querySelector<HTMLInputElement>('input[type="hidden"][name="message"]');
  if (!input) throw new Error('no hidden input');
  return input.value === '' ? '' : JSON.parse(input.value);
}

describe('the editor’s schema', () => {
  it('is the renderer’s: paragraphs, headings, text, line breaks; bold, italic, underline, link', () => {
    const editor = makeEditor();
    expect(Object.keys(editor.schema.nodes).sort()).toEqual(['doc', 'hardBreak', 'heading', 'paragraph', 'text']);
    expect(Object.keys(editor.schema.marks).sort()).toEqual(['bold', 'italic', 'link', 'underline']);
    editor.destroy();
  });

  it('limits headings to levels 1 to 4', () => {
    const editor = makeEditor();
    expect(editor.commands.setHeading({ level: 4 })).toBe(true);
    // Level is typed 1–6 by Tiptap; the configuration refuses 5 and 6.
    expect(editor.commands.setHeading({ level: 5 })).toBe(false);
    editor.destroy();
  });

  it('refuses links to other schemes', () => {
    const editor = makeEditor();
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(editor.commands.setLink({ href: 'https://guichet.fr' })).toBe(true);
    expect(editor.getHTML()).toContain('target="_blank" rel="noopener noreferrer nofollow" class="link"');
    editor.destroy();
  });
});

describe('pasting a whole link', () => {
  it('links the selected text', () => {
    const editor = makeEditor('Réservez vite');
    editor.commands.setTextSelection({ from: 1, to: 9 });
    expect(pasteAsLink(editor.view, 'https://guichet.fr/agenda')).toBe(true);
    expect(richTextFieldValue(editor.getJSON())).toBe(
      JSON.stringify({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'Réservez',
                marks: [
                  {
                    type: 'link',
                    attrs: {
                      href: 'https://guichet.fr/agenda',
                      target: '_blank',
                      rel: 'noopener noreferrer nofollow',
                      class: 'link',
                    },
                  },
                ],
              },
              { type: 'text', text: ' vite' },
            ],
          },
        ],
      }),
    );
    editor.destroy();
  });

  it('inserts the link as a link where nothing is selected', () => {
    const editor = makeEditor('Voir ');
    editor.commands.setTextSelection(6);
    expect(pasteAsLink(editor.view, 'www.guichet.fr')).toBe(true);
    const [, link] = editor.getJSON().content?.[0]?.content ?? [];
    expect(link).toMatchObject({
      text: 'www.guichet.fr',
      marks: [{ type: 'link', attrs: { href: 'https://www.guichet.fr' } }],
    });
    editor.destroy();
  });

  it('leaves other texts to the normal paste', () => {
    const editor = makeEditor();
    editor.commands.selectAll();
    expect(pasteAsLink(editor.view, 'javascript:alert(1)')).toBe(false);
    expect(pasteAsLink(editor.view, 'voir https://guichet.fr')).toBe(false);
    editor.destroy();
  });

  it('goes through the editor’s paste handling', () => {
    // jsdom has no ClipboardEvent; ProseMirror makes one for pasteText.
    globalThis.ClipboardEvent ??= class extends Event {
      clipboardData = null;
    } as unknown as typeof ClipboardEvent;
    const editor = makeEditor('Réservez vite');
    editor.commands.setTextSelection({ from: 1, to: 9 });
    editor.view.pasteText('https://guichet.fr');
    expect(editor.getHTML()).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" class="link" href="https://guichet.fr">Réservez</a>',
    );
    editor.destroy();
  });
});

describe('applyLink', () => {
  it('inserts the address as a link where nothing is selected', () => {
    const editor = makeEditor('Écrivez à ');
    editor.commands.setTextSelection(11);
    applyLink(editor, 'mailto:contact@guichet.fr');
    expect(editor.getText()).toBe('Écrivez à contact@guichet.fr');
    expect(editor.getHTML()).toContain('href="mailto:contact@guichet.fr"');
    editor.destroy();
  });
});

describe('richTextFieldValue', () => {
  it('is empty for an empty document, the sanitised JSON otherwise', () => {
    expect(richTextFieldValue({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
    expect(richTextFieldValue(richTextFromPlainText('x'))).toBe(
      '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"x"}]}]}',
    );
  });
});

describe('RichTextEditor', () => {
  const props = { name: 'message', id: 'message', labelId: 'message-label' };

  it('renders a plain textarea on the server, so the form works without JavaScript', () => {
    const html = renderToString(<RichTextEditor {...props} defaultValue={richTextFromPlainText('Bonjour\nà tous')} />);
    const page = new DOMParser().parseFromString(html, 'text/html');
    const textarea = page.querySelector('textarea');
    expect(textarea?.getAttribute('name')).toBe('message');
    expect(textarea?.id).toBe('message');
    expect(textarea?.value).toBe('Bonjour\nà tous');
    expect(page.querySelector('[contenteditable]')).toBeNull();
  });

  it('becomes the editor after mounting, with a toolbar of French buttons', async () => {
    render(
      <>
        <span id="message-label">Votre message</span>
        <RichTextEditor {...props} defaultValue={richTextFromPlainText('Bonjour')} />
      </>,
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Mise en forme' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((button) => button.textContent);
    expect(names).toEqual([
      'Gras',
      'Italique',
      'Souligné',
      'Titre 1',
      'Titre 2',
      'Titre 3',
      'Titre 4',
      'Paragraphe',
      'Lien',
      'Retirer le lien',
    ]);
    for (const button of toolbar.querySelectorAll('button')) expect(button.getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Gras' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Paragraphe' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: 'Retirer le lien' }) as HTMLButtonElement).disabled).toBe(true);
    const textbox = screen.getByRole('textbox', { name: 'Votre message' });
    expect(textbox.getAttribute('contenteditable')).toBe('true');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('writes its JSON into the hidden input, and the toolbar changes the document', async () => {
    const { container } = render(<RichTextEditor {...props} defaultValue={richTextFromPlainText('Bonjour')} />);
    await screen.findByRole('toolbar');
    expect(hiddenValue(container)).toEqual(richTextFromPlainText('Bonjour'));
    fireEvent.click(screen.getByRole('button', { name: 'Titre 2' }));
    await waitFor(() =>
      expect(hiddenValue(container)).toEqual({
        type: 'doc',
        content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Bonjour' }] }],
      }),
    );
    expect(screen.getByRole('button', { name: 'Titre 2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('moves between toolbar buttons with the arrow keys, one tab stop for all', async () => {
    render(<RichTextEditor {...props} />);
    const toolbar = await screen.findByRole('toolbar');
    const tabbable = Array.from(toolbar.querySelectorAll('button')).filter((button) => button.tabIndex === 0);
    expect(tabbable.map((button) => button.textContent)).toEqual(['Gras']);
    screen.getByRole('button', { name: 'Gras' }).focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Italique');
    fireEvent.keyDown(toolbar, { key: 'End' });
    // « Retirer le lien » is disabled outside a link: the last reachable button is « Lien ».
    expect(document.activeElement?.textContent).toBe('Lien');
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Gras');
  });

  it('refuses a link to another scheme with the url message', async () => {
    const { container } = render(<RichTextEditor {...props} defaultValue={richTextFromPlainText('Bonjour')} />);
    await screen.findByRole('toolbar');
    fireEvent.click(screen.getByRole('button', { name: 'Lien' }));
    const address = screen.getByLabelText('Adresse du lien');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(screen.getByText('Veuillez saisir un lien valide.')).not.toBeNull();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(JSON.stringify(hiddenValue(container))).not.toContain('javascript');
    act(() => {
      fireEvent.keyDown(address, { key: 'Escape' });
    });
    expect(screen.queryByLabelText('Adresse du lien')).toBeNull();
  });
});
