/**
 * A search box: a plain GET form that works without JavaScript. With JavaScript it becomes an accessible
 * combobox (WAI-ARIA 1.2 pattern) whose suggestions come from `suggestionsUrl?q=` (a `SuggestionsAnswer`).
 * TODO(site-search helper): the combobox behaviour; this first version is the no-JavaScript form only.
 */
export type SearchComboboxProps = {
  /** Where the GET form goes (e.g. /bons-plans/search, /recherche). */
  action: string;
  /** The field's label; `labelHidden` keeps it for screen readers only. */
  label: string;
  labelHidden?: boolean;
  placeholder?: string;
  defaultValue?: string;
  /** The resource route answering `SuggestionsAnswer` for `?q=`. */
  suggestionsUrl: string;
  /** Other query values kept when searching (filters). */
  hidden?: Readonly<Record<string, string>>;
  submitLabel?: string;
  /** Distinguishes two boxes on one page (ids). */
  id: string;
};

export function SearchCombobox({
  action,
  label,
  labelHidden,
  placeholder,
  defaultValue,
  hidden = {},
  submitLabel = 'Rechercher',
  id,
}: SearchComboboxProps) {
  const inputId = `${id}-input`;
  return (
    <search className="search-combobox">
      <form method="get" action={action}>
        <label htmlFor={inputId} className={labelHidden ? 'sr-only' : undefined}>
          {label}
        </label>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input id={inputId} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} />
        <button type="submit">{submitLabel}</button>
      </form>
    </search>
  );
}
