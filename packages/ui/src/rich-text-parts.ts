/**
 * What the rich-text editor's two halves share: RichTextEditor (the textarea, then the loader) and
 * TiptapEditor (loaded on demand). Here, below both, so that neither imports the other statically.
 */
import { isRichTextEmpty, type RichTextDocument, sanitizeRichText } from '@guichet/domain';

/** The hidden field's value: '' for an empty document (so `required` works), its sanitised JSON otherwise. */
export function richTextFieldValue(doc: unknown): string {
  return isRichTextEmpty(doc) ? '' : JSON.stringify(sanitizeRichText(doc));
}

export type RichTextEditorProps = {
  /** The hidden input's name: the document's JSON is submitted with the form. */
  name: string;
  /** The editable area's id; the fallback textarea's before JavaScript. */
  id: string;
  /** The id of the visible label (the editable area is named by aria-labelledby). */
  labelId: string;
  /** Initial content: a document, its JSON, or plain text. */
  defaultValue?: unknown;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Each change, with the hidden input's new value. */
  onChange?: (value: string) => void;
  onBlur?: (value: string) => void;
};

export const editorBoxClass =
  'rich-text-editor mt-1.5 block w-full rounded-lg border border-slate-400 bg-white text-base text-slate-900 ' +
  'focus-within:border-brand-700 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-800 ' +
  'has-[[aria-invalid=true]]:border-red-700';

export type TiptapEditorProps = RichTextEditorProps & {
  initial: RichTextDocument;
  /** Focus the editor at once (the textarea it replaces had the focus). */
  autofocus?: boolean;
};
