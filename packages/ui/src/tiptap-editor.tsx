/**
 * The Tiptap half of the rich-text editor, loaded on demand by RichTextEditor once the page is live: pages
 * that never show an editor never download Tiptap and ProseMirror.
 */
import {
  FORM_MESSAGES,
  HEADING_LEVELS,
  type HeadingLevel,
  isAllowedHref,
  LINK_PROTOCOLS,
  LINK_REL,
  LINK_TARGET,
  linkHrefFromInput,
  pastedLinkHref,
  RICH_TEXT_CLASSES,
  richTextPlainText,
} from '@guichet/domain';
import type { Slice } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from './button';
import {
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Heading4,
  type IconComponent,
  Italic,
  Link as LinkIcon,
  Pilcrow,
  Underline,
  Unlink,
} from './icons';
import {
  editorBoxClass,
  type RichTextEditorProps,
  richTextFieldValue,
  type TiptapEditorProps,
} from './rich-text-parts';

/** Schemes linkify (Tiptap's link finder) knows already; the spec's others are registered, without '//'. */
const LINKIFY_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'mailto']);

/** A link the editor may hold: an allowed scheme, or what pasting/typing turns into one ('www.…', e-mails). */
function isEditorLink(url: string): boolean {
  return isAllowedHref(url) || pastedLinkHref(url) !== null;
}

/**
 * The editor's schema is the renderer's: paragraphs, headings 1–4, bold, italic, underline, links, line
 * breaks. Everything else the starter kit brings (lists, quotes, code, strike, rules…) is switched off.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      blockquote: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      listKeymap: false,
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
      // No empty paragraph forced at the end of every document.
      trailingNode: false,
      heading: { levels: [...HEADING_LEVELS] },
      paragraph: { HTMLAttributes: { class: RICH_TEXT_CLASSES.paragraph } },
      bold: { HTMLAttributes: { class: RICH_TEXT_CLASSES.bold } },
      italic: { HTMLAttributes: { class: RICH_TEXT_CLASSES.italic } },
      underline: { HTMLAttributes: { class: RICH_TEXT_CLASSES.underline } },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: LINK_PROTOCOLS.filter((scheme) => !LINKIFY_SCHEMES.has(scheme)).map((scheme) => ({
          scheme,
          optionalSlashes: true,
        })),
        isAllowedUri: (url) => isEditorLink(url),
        shouldAutoLink: (url) => isEditorLink(url),
        HTMLAttributes: { target: LINK_TARGET, rel: LINK_REL, class: RICH_TEXT_CLASSES.link },
      },
    }),
  ];
}

/**
 * Pasting a text that is one whole link makes it a link: the selection becomes the link's text, or, with
 * nothing selected, the pasted URL is inserted as a link. Returns false for any other text (pasted as usual).
 */
export function pasteAsLink(view: EditorView, text: string): boolean {
  const href = pastedLinkHref(text);
  const linkType = view.state.schema.marks.link;
  if (href === null || !linkType) return false;
  const link = linkType.create({ href });
  const { from, to, empty } = view.state.selection;
  const transaction = view.state.tr;
  if (empty) {
    const inserted = text.trim();
    transaction.insertText(inserted, from, to).addMark(from, from + inserted.length, link);
  } else {
    transaction.addMark(from, to, link);
  }
  // Typing on after the link does not lengthen it.
  transaction.removeStoredMark(linkType).setMeta('preventAutolink', true);
  view.dispatch(transaction.scrollIntoView());
  return true;
}

type AttributeProps = Pick<RichTextEditorProps, 'id' | 'labelId' | 'required' | 'invalid' | 'describedBy'>;

function editorAttributes({ id, labelId, required, invalid, describedBy }: AttributeProps): Record<string, string> {
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'rich-text',
  };
  if (required) attributes['aria-required'] = 'true';
  if (invalid) attributes['aria-invalid'] = 'true';
  if (describedBy) attributes['aria-describedby'] = describedBy;
  return attributes;
}

/** The editable area's attributes, and pasting a whole link as a link. */
function editorProps(props: AttributeProps) {
  return {
    attributes: editorAttributes(props),
    handlePaste: (view: EditorView, event: ClipboardEvent, slice: Slice) =>
      pasteAsLink(
        view,
        event.clipboardData?.getData('text/plain') || slice.content.textBetween(0, slice.content.size, '\n\n'),
      ),
  };
}

export function TiptapEditor(props: TiptapEditorProps) {
  const { name, initial } = props;
  const [value, setValue] = useState(() => richTextFieldValue(initial));
  // The latest callbacks, for the editor's handlers created once.
  const callbacks = useRef(props);
  callbacks.current = props;

  const editor = useEditor({
    immediatelyRender: false,
    extensions: richTextExtensions(),
    content: initial,
    autofocus: props.autofocus ? 'end' : false,
    editorProps: editorProps(props),
    onUpdate: ({ editor: current }) => {
      const next = richTextFieldValue(current.getJSON());
      setValue(next);
      callbacks.current.onChange?.(next);
    },
    onBlur: ({ editor: current }) => callbacks.current.onBlur?.(richTextFieldValue(current.getJSON())),
  });

  const { id, labelId, required, invalid, describedBy } = props;
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: editorProps({ id, labelId, required, invalid, describedBy }) });
  }, [editor, id, labelId, required, invalid, describedBy]);

  return (
    <div className={editorBoxClass}>
      {editor ? <Toolbar editor={editor} controls={id} /> : null}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // Between hydration and the editor's creation: the same text, still.
        <div className="rich-text min-h-40 whitespace-pre-wrap px-3 py-2 text-slate-700">
          {richTextPlainText(initial)}
        </div>
      )}
      <input type="hidden" name={name} value={value} />
    </div>
  );
}

type ToolState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  paragraph: boolean;
  heading: HeadingLevel | null;
  link: boolean;
  href: string | null;
};

type Tool = {
  key: string;
  label: string;
  Icon: IconComponent;
  /** Keyboard shortcut shown in the tooltip. */
  shortcut?: string;
  pressed?: (state: ToolState) => boolean;
  disabled?: (state: ToolState) => boolean;
  run: (editor: Editor) => void;
};

const HEADING_ICONS: Record<HeadingLevel, IconComponent> = { 1: Heading1, 2: Heading2, 3: Heading3, 4: Heading4 };

function Toolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }): ToolState => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      paragraph: current.isActive('paragraph'),
      heading: HEADING_LEVELS.find((level) => current.isActive('heading', { level })) ?? null,
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? null,
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const linkPanelId = useId();

  const tools: Tool[] = [
    {
      key: 'bold',
      label: 'Gras',
      Icon: Bold,
      shortcut: 'Ctrl+B',
      pressed: (s) => s.bold,
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italique',
      Icon: Italic,
      shortcut: 'Ctrl+I',
      pressed: (s) => s.italic,
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Souligné',
      Icon: Underline,
      shortcut: 'Ctrl+U',
      pressed: (s) => s.underline,
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    ...HEADING_LEVELS.map(
      (level): Tool => ({
        key: `heading-${level}`,
        label: `Titre ${level}`,
        Icon: HEADING_ICONS[level],
        shortcut: `Ctrl+Alt+${level}`,
        pressed: (s) => s.heading === level,
        run: (e) => e.chain().focus().toggleHeading({ level }).run(),
      }),
    ),
    {
      key: 'paragraph',
      label: 'Paragraphe',
      Icon: Pilcrow,
      shortcut: 'Ctrl+Alt+0',
      pressed: (s) => s.paragraph,
      run: (e) => e.chain().focus().setParagraph().run(),
    },
    { key: 'link', label: 'Lien', Icon: LinkIcon, pressed: (s) => s.link, run: () => setLinkOpen(true) },
    {
      key: 'unlink',
      label: 'Retirer le lien',
      Icon: Unlink,
      disabled: (s) => !s.link,
      run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run(),
    },
  ];

  // One tab stop for the whole toolbar; arrows, Home and End move between its buttons (ARIA toolbar pattern).
  const enabled = tools.map((tool) => !(state && tool.disabled?.(state)));
  const focusable = enabled[current] ? current : 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const order = tools.map((_, index) => index).filter((index) => enabled[index]);
    const position = order.indexOf(focusable);
    const target = {
      ArrowRight: order[(position + 1) % order.length],
      ArrowLeft: order[(position - 1 + order.length) % order.length],
      Home: order[0],
      End: order[order.length - 1],
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCurrent(target);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]')[target]?.focus();
  };

  return (
    <div className="border-b border-slate-300 bg-slate-50 p-1.5">
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label="Mise en forme"
        aria-controls={controls}
        className="flex flex-wrap gap-1"
        onKeyDown={onKeyDown}
      >
        {tools.map((tool, index) => {
          const disabled = !enabled[index];
          return (
            <button
              key={tool.key}
              type="button"
              data-tool={tool.key}
              tabIndex={index === focusable ? 0 : -1}
              className={buttonClass('tiptap')}
              aria-pressed={tool.pressed && state ? tool.pressed(state) : undefined}
              aria-expanded={tool.key === 'link' ? linkOpen : undefined}
              aria-controls={tool.key === 'link' && linkOpen ? linkPanelId : undefined}
              disabled={disabled}
              title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
              onFocus={() => setCurrent(index)}
              // Keep the text selection while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => tool.run(editor)}
            >
              <tool.Icon className="size-4" aria-hidden="true" />
              <span className="sr-only">{tool.label}</span>
            </button>
          );
        })}
      </div>
      {linkOpen ? (
        <LinkPanel
          id={linkPanelId}
          initialHref={state?.href ?? ''}
          onApply={(href) => {
            applyLink(editor, href);
            setLinkOpen(false);
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** Links the selection (or the whole link the cursor is in); with nothing selected, inserts the URL as a link. */
export function applyLink(editor: Editor, href: string): void {
  const { empty } = editor.state.selection;
  if (empty && !editor.isActive('link')) {
    editor
      .chain()
      .focus()
      .insertContent({
        type: 'text',
        text: href.replace(/^(mailto|tel|sms|callto):/, ''),
        marks: [{ type: 'link', attrs: { href } }],
      })
      .unsetMark('link')
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
}

/** The link box: an address, checked against the allowed schemes; Enter applies, Escape cancels. */
function LinkPanel({
  id,
  initialHref,
  onApply,
  onCancel,
}: {
  id: string;
  initialHref: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initialHref);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;

  useEffect(() => inputRef.current?.focus(), []);

  const apply = () => {
    const href = linkHrefFromInput(draft);
    if (href === null) {
      setError(FORM_MESSAGES.url);
      inputRef.current?.focus();
      return;
    }
    onApply(href);
  };

  return (
    // Not a <form>: it sits inside the page's form, and forms cannot nest.
    <fieldset id={id} className="mt-1.5 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-2">
      <legend className="sr-only">Lien</legend>
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
          Adresse du lien
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="url"
          inputMode="url"
          value={draft}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 block min-h-9 w-full rounded-md border border-slate-400 px-2 text-sm aria-invalid:border-red-700"
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Enter would submit the page's form.
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
        />
      </div>
      <button type="button" className={buttonClass('tiptap')} onClick={apply}>
        Appliquer
      </button>
      <button type="button" className={buttonClass('tiptap')} onClick={onCancel}>
        Annuler
      </button>
      {error ? (
        <p id={errorId} className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
