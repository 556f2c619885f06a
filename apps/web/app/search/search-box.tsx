import { buttonClass } from '@guichet/ui/button';
import { Search } from '@guichet/ui/icons';
import type { FocusEventHandler, FormEventHandler, PointerEventHandler, ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * The frame of a search box, the same with or without its suggestions: a plain GET form (the text as `q`)
 * that works without JavaScript, its label, the field's slot and the submit button. The header renders it
 * alone at first and the combobox (search-combobox.tsx) later, around the same field, so the box keeps its
 * size when the suggestions arrive (no layout shift, docs/decisions/0052).
 * The box adapts to the room it is given (a container query): narrow, the button is an icon inside the field.
 */
export type SearchBoxProps = {
  /** Where the GET form goes (e.g. /bons-plans/search, /recherche). */
  action: string;
  /** The field's label; `labelHidden` keeps it for screen readers only. */
  label: string;
  labelHidden?: boolean;
  placeholder?: string;
  defaultValue?: string;
  /** Other query values kept when searching (filters). */
  hidden?: Readonly<Record<string, string>>;
  submitLabel?: string;
  /** Distinguishes two boxes on one page (ids). */
  id: string;
};

export const searchFieldClass =
  'min-h-11 w-full rounded-full border border-slate-400 bg-white px-4 @max-sm:pr-11 @max-sm:pl-3 text-base text-slate-900 placeholder:text-slate-500';

export const searchIds = (id: string) => ({
  input: `${id}-input`,
  label: `${id}-label`,
  listbox: `${id}-listbox`,
});

export function SearchBoxFrame({
  action,
  label,
  labelHidden,
  hidden = {},
  submitLabel = 'Rechercher',
  id,
  announcement = '',
  onSubmit,
  onFocus,
  onPointerEnter,
  children,
}: Omit<SearchBoxProps, 'placeholder' | 'defaultValue'> & {
  /** What the polite status line says (the number of suggestions). */
  announcement?: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  onPointerEnter?: PointerEventHandler<HTMLFormElement>;
  /** The field, and what hangs from it (the list of suggestions). */
  children: ReactNode;
}) {
  const ids = searchIds(id);
  return (
    // Named by its label: two search landmarks on a page (the header's, the page's) are told apart.
    <search aria-labelledby={ids.label} className="search-combobox @container relative block w-full">
      <Form
        method="get"
        action={action}
        onSubmit={onSubmit}
        onFocus={onFocus}
        onPointerEnter={onPointerEnter}
        className="flex flex-wrap items-end gap-x-2 gap-y-1"
      >
        <label
          id={ids.label}
          htmlFor={ids.input}
          className={labelHidden ? 'sr-only' : 'w-full font-semibold text-slate-900'}
        >
          {label}
        </label>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-0 flex-1">{children}</div>
        {/* In a narrow box (the header's), the button is a round icon inside the field's end. */}
        <button
          type="submit"
          className={buttonClass(
            'primary',
            'shrink-0 @max-sm:absolute @max-sm:right-1 @max-sm:bottom-1 @max-sm:size-9 @max-sm:min-h-9 @max-sm:p-0',
          )}
        >
          <Search className="size-5" aria-hidden="true" />
          <span className="sr-only @sm:not-sr-only">{submitLabel}</span>
        </button>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </Form>
    </search>
  );
}
