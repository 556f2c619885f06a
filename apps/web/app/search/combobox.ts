/**
 * The keyboard of a search combobox (WAI-ARIA 1.2 combobox with a listbox popup), as pure decisions: the
 * component asks what a key does given what is shown, then applies it. The options of every group count as
 * one list, so the arrows go from one group into the next.
 */
import { countLabel } from '@guichet/domain';
import type { SuggestionGroup, SuggestionOption } from '../lib/search-suggestions';

/** The shortest text worth asking suggestions for (one letter would match nearly everything). */
export const SUGGESTIONS_MIN_LENGTH = 2;

/** How long typing must pause before suggestions are asked for, in milliseconds. */
export const SUGGESTIONS_DEBOUNCE_MS = 150;

export type ComboboxView = {
  /** Whether the list of suggestions is shown. */
  open: boolean;
  /** The index (over every group) of the option the arrows reached, or null. */
  active: number | null;
  /** How many options the list holds. */
  count: number;
  /** The text in the field. */
  value: string;
};

export type ComboboxKeyAction =
  /** Show the list (if hidden) with this option active. */
  | { type: 'move'; active: number }
  /** Go to this option's page. */
  | { type: 'pick'; index: number }
  /** Let the form submit the text (Enter without an active option). */
  | { type: 'submit' }
  /** Hide the list, keeping the text. */
  | { type: 'close' }
  /** Empty the field (Escape with the list already hidden). */
  | { type: 'clear' }
  /** Not the combobox's key: the browser does what it usually does. */
  | { type: 'none' };

/** What a key does in the field. Every action but `submit` and `none` replaces the browser's own behaviour. */
export function comboboxKey(key: string, view: ComboboxView): ComboboxKeyAction {
  const { open, active, count, value } = view;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { type: 'none' };
      if (!open || active === null) return { type: 'move', active: 0 };
      return { type: 'move', active: (active + 1) % count };
    case 'ArrowUp':
      if (count === 0) return { type: 'none' };
      if (!open || active === null) return { type: 'move', active: count - 1 };
      return { type: 'move', active: (active - 1 + count) % count };
    case 'Enter':
      return open && active !== null && active < count ? { type: 'pick', index: active } : { type: 'submit' };
    case 'Escape':
      if (open) return { type: 'close' };
      return value === '' ? { type: 'none' } : { type: 'clear' };
    default:
      return { type: 'none' };
  }
}

/** Whether a text is long enough to ask suggestions for. */
export function wantsSuggestions(value: string): boolean {
  return value.trim().length >= SUGGESTIONS_MIN_LENGTH;
}

/** The options of every group, in the order they are shown (the arrows' order). */
export function flatOptions(groups: readonly SuggestionGroup[]): SuggestionOption[] {
  return groups.flatMap((group) => group.options);
}

/** What the live region says once suggestions arrived. */
export const suggestionsAnnouncement = (count: number): string =>
  countLabel(count, { none: 'Aucune suggestion', one: 'suggestion', many: 'suggestions' });

/** The URL suggestions are asked at for a text: `suggestionsUrl?q=…` (or `&q=` when it has a query). */
export function suggestionsRequestUrl(suggestionsUrl: string, value: string): string {
  const separator = suggestionsUrl.includes('?') ? '&' : '?';
  return `${suggestionsUrl}${separator}${new URLSearchParams({ q: value.trim() })}`;
}

/** A path of this site ('/…' but not '//host'): an option never leads elsewhere. */
function isSitePath(href: unknown): href is string {
  return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/** A suggestions answer as the browser received it: its groups with options, anything malformed dropped. */
export function readSuggestionsAnswer(body: unknown): SuggestionGroup[] {
  const groups = (body as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group: Partial<SuggestionGroup> | null) => {
    if (!group || typeof group.label !== 'string' || !Array.isArray(group.options)) return [];
    const options = group.options.filter(
      (option): option is SuggestionOption =>
        Boolean(option) &&
        typeof option.id === 'string' &&
        typeof option.label === 'string' &&
        isSitePath(option.href) &&
        (option.detail === undefined || typeof option.detail === 'string'),
    );
    return options.length > 0 ? [{ label: group.label, options }] : [];
  });
}
