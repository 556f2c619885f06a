import { parseRichTextField, type RichTextDocument, richTextPlainText } from '@guichet/domain';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { editorBoxClass, type RichTextEditorProps, type TiptapEditorProps } from './rich-text-parts';

type LoadedEditor = { Editor: ComponentType<TiptapEditorProps>; initial: RichTextDocument; autofocus: boolean };

/**
 * The rich-text editor. Rendered on the server, and until the editor is loaded, as a plain textarea with the
 * same name, so the form works without JavaScript (the server reads plain text). Once the page is live, the
 * Tiptap editor is downloaded and replaces it — starting from whatever was typed meanwhile, focused if the
 * textarea was — and submits its JSON in a hidden input. If it cannot load, the textarea keeps working.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { name, id, defaultValue, required, invalid, describedBy, onChange, onBlur } = props;
  const fallbackText = richTextPlainText(parseRichTextField(defaultValue ?? ''));
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [loaded, setLoaded] = useState<LoadedEditor | null>(null);

  // Once, on mount: later renders never go back to the textarea.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial content is read once, when the editor arrives.
  useEffect(() => {
    let cancelled = false;
    import('./tiptap-editor').then(
      ({ TiptapEditor }) => {
        if (cancelled) return;
        const textarea = textareaRef.current;
        const typed = textarea?.value ?? fallbackText;
        setLoaded({
          Editor: TiptapEditor,
          // Untouched: keep the original formatting; otherwise start from what was typed.
          initial: parseRichTextField(typed === fallbackText ? (defaultValue ?? '') : typed),
          autofocus: textarea !== null && document.activeElement === textarea,
        });
      },
      () => {
        // Offline or a stale build: the textarea stays, and submits plain text.
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (loaded) return <loaded.Editor {...props} initial={loaded.initial} autofocus={loaded.autofocus} />;
  return (
    <div className={editorBoxClass}>
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        rows={7}
        defaultValue={fallbackText}
        required={required}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="block w-full resize-y rounded-lg px-3 py-2 outline-none"
        onChange={(event) => onChange?.(event.currentTarget.value)}
        onBlur={(event) => onBlur?.(event.currentTarget.value)}
      />
    </div>
  );
}
