import { describe, expect, it } from 'vitest';
import {
  comboboxKey,
  flatOptions,
  readSuggestionsAnswer,
  suggestionsAnnouncement,
  suggestionsRequestUrl,
  wantsSuggestions,
} from './combobox';

const closed = { open: false, active: null, count: 5, value: 'mol' };
const open = { ...closed, open: true };

describe('comboboxKey', () => {
  it('opens on the first option with ArrowDown and on the last with ArrowUp', () => {
    expect(comboboxKey('ArrowDown', closed)).toEqual({ type: 'move', active: 0 });
    expect(comboboxKey('ArrowUp', closed)).toEqual({ type: 'move', active: 4 });
    expect(comboboxKey('ArrowDown', open)).toEqual({ type: 'move', active: 0 });
    expect(comboboxKey('ArrowUp', open)).toEqual({ type: 'move', active: 4 });
  });

  it('moves through the options and wraps at both ends', () => {
    expect(comboboxKey('ArrowDown', { ...open, active: 2 })).toEqual({ type: 'move', active: 3 });
    expect(comboboxKey('ArrowDown', { ...open, active: 4 })).toEqual({ type: 'move', active: 0 });
    expect(comboboxKey('ArrowUp', { ...open, active: 2 })).toEqual({ type: 'move', active: 1 });
    expect(comboboxKey('ArrowUp', { ...open, active: 0 })).toEqual({ type: 'move', active: 4 });
  });

  it('leaves the arrows to the browser when there is nothing to show', () => {
    expect(comboboxKey('ArrowDown', { ...closed, count: 0 })).toEqual({ type: 'none' });
    expect(comboboxKey('ArrowUp', { ...open, count: 0 })).toEqual({ type: 'none' });
  });

  it('picks the active option with Enter, and submits the text without one', () => {
    expect(comboboxKey('Enter', { ...open, active: 3 })).toEqual({ type: 'pick', index: 3 });
    expect(comboboxKey('Enter', open)).toEqual({ type: 'submit' });
    // A list hidden (blur, Escape) has no active option any more.
    expect(comboboxKey('Enter', { ...closed, active: 3 })).toEqual({ type: 'submit' });
    // An active index past the end (the list shrank) is no option.
    expect(comboboxKey('Enter', { ...open, active: 7 })).toEqual({ type: 'submit' });
  });

  it('closes the list with Escape, then clears the field, then does nothing', () => {
    expect(comboboxKey('Escape', { ...open, active: 1 })).toEqual({ type: 'close' });
    expect(comboboxKey('Escape', closed)).toEqual({ type: 'clear' });
    expect(comboboxKey('Escape', { ...closed, value: '' })).toEqual({ type: 'none' });
  });

  it('leaves every other key to the browser', () => {
    for (const key of ['a', 'Tab', 'Home', 'End', 'ArrowLeft', ' ']) {
      expect(comboboxKey(key, { ...open, active: 1 })).toEqual({ type: 'none' });
    }
  });
});

describe('wantsSuggestions', () => {
  it('asks from two characters on, spaces aside', () => {
    expect(wantsSuggestions('')).toBe(false);
    expect(wantsSuggestions('m')).toBe(false);
    expect(wantsSuggestions('  m  ')).toBe(false);
    expect(wantsSuggestions('mo')).toBe(true);
    expect(wantsSuggestions(' é ')).toBe(false);
  });
});

describe('suggestionsAnnouncement', () => {
  it('counts in French', () => {
    expect(suggestionsAnnouncement(0)).toBe('Aucune suggestion');
    expect(suggestionsAnnouncement(1)).toBe('1 suggestion');
    expect(suggestionsAnnouncement(12)).toBe('12 suggestions');
  });
});

describe('suggestionsRequestUrl', () => {
  it('adds the trimmed text as q, encoded', () => {
    expect(suggestionsRequestUrl('/recherche/suggestions', ' théâtre & co ')).toBe(
      '/recherche/suggestions?q=th%C3%A9%C3%A2tre+%26+co',
    );
    expect(suggestionsRequestUrl('/bons-plans/suggestions?ville=lyon', 'spa')).toBe(
      '/bons-plans/suggestions?ville=lyon&q=spa',
    );
  });
});

describe('flatOptions and readSuggestionsAnswer', () => {
  const option = (id: string) => ({ id, label: id, href: `/x/${id}` });

  it('puts every group’s options in one list, in order', () => {
    const groups = [
      { label: 'A', options: [option('a1'), option('a2')] },
      { label: 'B', options: [option('b1')] },
    ];
    expect(flatOptions(groups).map((item) => item.id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('keeps well-formed groups and options, and only paths of this site', () => {
    const answer = {
      groups: [
        { label: 'A', options: [option('a1'), { id: 'bad' }, { ...option('a2'), detail: 'Paris' }] },
        { label: 'Empty', options: [] },
        { label: 'Away', options: [{ id: 'e', label: 'e', href: 'https://ailleurs.example' }] },
        { label: 'Other host', options: [{ id: 'h', label: 'h', href: '//ailleurs.example/x' }] },
        null,
        { options: [option('c')] },
      ],
    };
    expect(readSuggestionsAnswer(answer)).toEqual([
      { label: 'A', options: [option('a1'), { ...option('a2'), detail: 'Paris' }] },
    ]);
  });

  it('reads anything else as no suggestion', () => {
    for (const body of [null, 'texte', 42, {}, { groups: 'non' }]) {
      expect(readSuggestionsAnswer(body)).toEqual([]);
    }
  });
});
