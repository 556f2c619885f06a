import { useSiteHref } from '@guichet/ui/app-link';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SuggestionGroup } from '../lib/search-suggestions';
import {
  comboboxKey,
  flatOptions,
  readSuggestionsAnswer,
  SUGGESTIONS_DEBOUNCE_MS,
  suggestionsAnnouncement,
  suggestionsRequestUrl,
  wantsSuggestions,
} from './combobox';
import { SearchBoxFrame, type SearchBoxProps, searchFieldClass, searchIds } from './search-box';

/**
 * A search box: a plain GET form that works without JavaScript (search-box.tsx). With JavaScript it becomes an
 * accessible combobox (WAI-ARIA 1.2 pattern, list autocomplete) whose suggestions come from `suggestionsUrl?q=`
 * (a `SuggestionsAnswer`): typing asks for them (after a short pause, the previous request cancelled, a failure
 * shows nothing), the arrows go through the options of every group, Enter opens the active option's page or
 * else submits the text, Escape closes the list then clears the field, leaving the field closes the list.
 */
export type SearchComboboxProps = SearchBoxProps & {
  /** The resource route answering `SuggestionsAnswer` for `?q=`. */
  suggestionsUrl: string;
  /**
   * The plain field this box replaces once its code has loaded (lazy-search-combobox.tsx): what the visitor
   * typed there, whether it had the focus and where the caret was, carried over so nothing typed is lost.
   */
  resume?: FieldState;
};

export type FieldState = {
  value: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
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
  resume,
}: SearchComboboxProps) {
  const { input: inputId, listbox: listboxId } = searchIds(id);
  const optionId = (index: number) => `${id}-option-${index}`;

  const input = useRef<HTMLInputElement>(null);
  // Closed by the visitor (Escape, leaving, picking): suggestions arriving late do not open the list again.
  const dismissed = useRef(false);
  const navigate = useNavigate();
  const siteHref = useSiteHref();
  const location = useLocation();

  // The combobox roles are given once JavaScript runs: before that, the field is a plain search field. A box
  // replacing a plain field is rendered in the browser only, so it has them at once.
  const [enhanced, setEnhanced] = useState(resume !== undefined);
  // The text as typed since the page loaded (null: nothing typed yet, so nothing to suggest); text typed in
  // the plain field before this box arrived asks for its suggestions at once.
  const [query, setQuery] = useState<string | null>(() =>
    resume && resume.value !== (defaultValue ?? '') ? resume.value : null,
  );
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const options = flatOptions(groups);
  const expanded = open && options.length > 0;

  useEffect(() => setEnhanced(true), []);

  // Taking over from the plain field: the focus and the caret where the visitor left them, before the browser
  // paints (the field is a new element).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the field this box replaced, once.
  useLayoutEffect(() => {
    if (!resume?.focused || !input.current) return;
    input.current.focus();
    if (resume.selectionStart !== null && resume.selectionEnd !== null)
      input.current.setSelectionRange(resume.selectionStart, resume.selectionEnd);
  }, []);

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
    <SearchBoxFrame
      action={action}
      label={label}
      labelHidden={labelHidden}
      hidden={hidden}
      submitLabel={submitLabel}
      id={id}
      announcement={announcement}
      onSubmit={close}
    >
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        defaultValue={resume ? resume.value : defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        className={searchFieldClass}
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
    </SearchBoxFrame>
  );
}
