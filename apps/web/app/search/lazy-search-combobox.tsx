import { whenIdle } from '@guichet/ui/when-idle';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SearchBoxFrame, searchFieldClass, searchIds } from './search-box';
import type { FieldState, SearchComboboxProps } from './search-combobox';

/** How long the box waits for an idle moment before loading its suggestions anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/** The combobox's code, loaded once for every box of the page. */
let loaded: Promise<ComponentType<SearchComboboxProps>> | null = null;
function loadCombobox(): Promise<ComponentType<SearchComboboxProps>> {
  loaded ??= import('./search-combobox').then((module) => module.SearchCombobox);
  // A failed load (network, a new build) may be tried again by the next focus.
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/**
 * A search box whose suggestions are not part of the page's first load (docs/decisions/0052): the plain GET
 * form first — the same frame and field as the combobox, so nothing moves when it arrives —, then the
 * combobox once the browser is idle, or at once when the visitor points at the box, focuses or types in it.
 * What was typed in the plain field, its focus and its caret carry over to the combobox. If the code never
 * loads, the plain form still searches.
 */
export function LazySearchCombobox(props: SearchComboboxProps) {
  const { id, placeholder, defaultValue } = props;
  const field = useRef<HTMLInputElement>(null);
  const [combobox, setCombobox] = useState<{ Box: ComponentType<SearchComboboxProps>; resume: FieldState } | null>(
    null,
  );

  const load = useCallback(() => {
    loadCombobox().then(
      (Box) => {
        const input = field.current;
        if (!input) return;
        // Read the field and swap it in one go: no keystroke can fall between the two.
        flushSync(() =>
          setCombobox({
            Box,
            resume: {
              value: input.value,
              focused: document.activeElement === input,
              selectionStart: input.selectionStart,
              selectionEnd: input.selectionEnd,
            },
          }),
        );
      },
      () => {},
    );
  }, []);

  useEffect(() => whenIdle(load, IDLE_TIMEOUT_MS), [load]);

  if (combobox) return <combobox.Box {...props} resume={combobox.resume} />;
  return (
    <SearchBoxFrame {...props} onFocus={load} onPointerEnter={load}>
      <input
        ref={field}
        id={searchIds(id).input}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        className={searchFieldClass}
        onInput={load}
      />
    </SearchBoxFrame>
  );
}
