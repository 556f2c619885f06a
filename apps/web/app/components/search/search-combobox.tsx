import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import {
  comboboxKey,
  flatOptions,
  readSuggestionsAnswer,
  SUGGESTIONS_DEBOUNCE_MS,
  suggestionsAnnouncement,
  suggestionsRequestUrl,
  wantsSuggestions,
} from '../../lib/combobox';
import type { SuggestionGroup } from '../../lib/search-suggestions';
import { useSiteHref } from '../ui/app-link';
import { buttonClass } from '../ui/button';
import { Search } from '../ui/icons';

/**
 * A search box: a plain GET form that works without JavaScript. With JavaScript it becomes an accessible
 * combobox (WAI-ARIA 1.2 pattern, list autocomplete) whose suggestions come from `suggestionsUrl?q=` (a
 * `SuggestionsAnswer`): typing asks for them (after a short pause, the previous request cancelled, a failure
 * shows nothing), the arrows go through the options of every group, Enter opens the active option's page or
 * else submits the text, Escape closes the list then clears the field, leaving the field closes the list.
 * The box adapts to the room it is given (a container query): narrow, the button is an icon inside the field.
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
  suggestionsUrl,
  hidden = {},
  submitLabel = 'Rechercher',
  id,
}: SearchComboboxProps) {
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const input = useRef<HTMLInputElement>(null);
  // Closed by the visitor (Escape, leaving, picking): suggestions arriving late do not open the list again.
  const dismissed = useRef(false);
  const navigate = useNavigate();
  const siteHref = useSiteHref();
  const location = useLocation();

  // The combobox roles are given once JavaScript runs: before that, the field is a plain search field.
  const [enhanced, setEnhanced] = useState(false);
  // The text as typed since the page loaded (null: nothing typed yet, so nothing to suggest).
  const [query, setQuery] = useState<string | null>(null);
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const options = flatOptions(groups);
  const expanded = open && options.length > 0;

  useEffect(() => setEnhanced(true), []);

  // Suggestions for the text typed: after a pause, the previous request cancelled, failures ignored.
  useEffect(() => {
    if (query === null) return;
    if (!wantsSuggestions(query)) {
      setGroups([]);
      setOpen(false);
      setActive(null);
      setAnnouncement('');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      let found: SuggestionGroup[];
      try {
        const response = await fetch(suggestionsRequestUrl(suggestionsUrl, query), {
          signal: controller.signal,
          headers: { Accept: 'application/json' },
        });
        found = response.ok ? readSuggestionsAnswer(await response.json()) : [];
      } catch {
        // Cancelled by newer typing, or the network failed: suggestions are a convenience, the form still works.
        if (controller.signal.aborted) return;
        found = [];
      }
      if (controller.signal.aborted) return;
      const focused = document.activeElement === input.current && !dismissed.current;
      setGroups(found);
      setActive(null);
      setOpen(focused);
      setAnnouncement(focused ? suggestionsAnnouncement(flatOptions(found).length) : '');
    }, SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, suggestionsUrl]);

  // A new page: the list has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => {
    setOpen(false);
    setActive(null);
  }, [location.pathname, location.search]);

  // The active option stays in sight in a list that scrolls.
  useEffect(() => {
    if (active === null) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  function close() {
    dismissed.current = true;
    setOpen(false);
    setActive(null);
  }

  function pick(index: number) {
    const option = options[index];
    if (!option) return;
    close();
    navigate(siteHref(option.href));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    const value = event.currentTarget.value;
    const action = comboboxKey(event.key, { open: expanded, active, count: options.length, value });
    switch (action.type) {
      case 'move':
        event.preventDefault();
        dismissed.current = false;
        setOpen(true);
        setActive(action.active);
        return;
      case 'pick':
        event.preventDefault();
        pick(action.index);
        return;
      case 'close':
        // Also keeps the browser from clearing a search field on Escape: that is the second Escape's job.
        event.preventDefault();
        close();
        return;
      case 'clear':
        event.preventDefault();
        event.currentTarget.value = '';
        setQuery('');
        return;
      case 'submit':
      case 'none':
        return;
    }
  }

  let index = -1;
  return (
    // Named by its label: two search landmarks on a page (the header's, the page's) are told apart.
    <search aria-labelledby={labelId} className="search-combobox @container relative block w-full">
      <Form method="get" action={action} onSubmit={close} className="flex flex-wrap items-end gap-x-2 gap-y-1">
        <label
          id={labelId}
          htmlFor={inputId}
          className={labelHidden ? 'sr-only' : 'w-full font-semibold text-slate-900'}
        >
          {label}
        </label>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-0 flex-1">
          <input
            ref={input}
            id={inputId}
            type="search"
            name="q"
            defaultValue={defaultValue}
            placeholder={placeholder}
            autoComplete="off"
            className="min-h-11 w-full rounded-full border border-slate-400 bg-white px-4 @max-sm:pr-11 @max-sm:pl-3 text-base text-slate-900 placeholder:text-slate-500"
            {...(enhanced
              ? {
                  role: 'combobox',
                  'aria-autocomplete': 'list' as const,
                  'aria-expanded': expanded,
                  'aria-controls': listboxId,
                  'aria-activedescendant': expanded && active !== null ? optionId(active) : undefined,
                  onChange: (event: { currentTarget: HTMLInputElement }) => {
                    dismissed.current = false;
                    setQuery(event.currentTarget.value);
                  },
                  onKeyDown,
                  onBlur: close,
                }
              : {})}
          />
          {enhanced ? (
            <div
              id={listboxId}
              role="listbox"
              aria-label="Suggestions"
              hidden={!expanded}
              // The field keeps the focus (and the list stays open) while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              className="absolute left-0 top-full z-40 mt-1 max-h-[min(26rem,65vh)] w-full min-w-72 overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
            >
              {groups.map((group, groupIndex) => {
                const groupLabelId = `${id}-group-${groupIndex}`;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options, which a <fieldset> is not.
                  <div key={group.label} role="group" aria-labelledby={groupLabelId} className="py-1">
                    <div
                      role="presentation"
                      id={groupLabelId}
                      className="px-4 pb-1 pt-2 text-xs font-bold uppercase tracking-wider text-slate-600"
                    >
                      {group.label}
                    </div>
                    {group.options.map((option) => {
                      index += 1;
                      const optionIndex = index;
                      const selected = active === optionIndex;
                      return (
                        // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the field (aria-activedescendant).
                        <div
                          key={option.id}
                          id={optionId(optionIndex)}
                          role="option"
                          aria-selected={selected}
                          tabIndex={-1}
                          onClick={() => pick(optionIndex)}
                          className={`mx-1 flex cursor-pointer flex-col rounded-lg border-l-4 px-3 py-2 ${
                            selected ? 'border-brand-800 bg-brand-100' : 'border-transparent hover:bg-slate-100'
                          }`}
                        >
                          <span className="font-semibold text-slate-900">{option.label}</span>{' '}
                          {option.detail ? <span className="text-sm text-slate-700">{option.detail}</span> : null}
                        </div>
                      );
                    })}
                  </div>
                );
              })}
            </div>
          ) : null}
        </div>
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
