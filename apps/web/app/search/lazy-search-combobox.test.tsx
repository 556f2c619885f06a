// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LazySearchCombobox } from './lazy-search-combobox';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

const PROPS: SearchComboboxProps = {
  id: 'site',
  action: '/recherche',
  label: 'Rechercher sur Guichet',
  labelHidden: true,
  placeholder: 'Spectacle, artiste…',
  suggestionsUrl: '/recherche/suggestions',
  submitLabel: 'Lancer la recherche',
};

const ANSWER = {
  groups: [{ label: 'Événements', options: [{ id: 't-1', label: 'Le Malade imaginaire', href: '/billetterie/1' }] }],
};

beforeAll(() => {
  // jsdom does not know the <search> element: React says so once, here (as in search-combobox.test.tsx).
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(<search />);
  cleanup();
  spy.mockRestore();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const html = (element: React.ReactNode) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '*', element }])} />);

function renderLazy() {
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <LazySearchCombobox {...PROPS} /> }])} />);
  return screen.getByRole('searchbox', { name: 'Rechercher sur Guichet' }) as HTMLInputElement;
}

describe('LazySearchCombobox', () => {
  it('is, until its code loads, the very markup of the combobox without JavaScript: nothing moves when it comes', () => {
    expect(html(<LazySearchCombobox {...PROPS} />)).toBe(html(<SearchCombobox {...PROPS} />));
  });

  it('keeps what was typed before the combobox came, the focus and the caret, and suggests for it', async () => {
    const fetchMock = vi.fn(async () => Response.json(ANSWER));
    vi.stubGlobal('fetch', fetchMock);
    const field = renderLazy();
    expect(screen.queryByRole('combobox')).toBeNull();
    field.focus();
    fireEvent.input(field, { target: { value: 'moli' } });
    field.setSelectionRange(2, 2);

    const box = (await screen.findByRole('combobox', { name: 'Rechercher sur Guichet' })) as HTMLInputElement;
    expect(box).not.toBe(field);
    expect(box.value).toBe('moli');
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([2, 2]);
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(fetchMock).toHaveBeenCalledWith('/recherche/suggestions?q=moli', expect.anything());
  });

  it('loads the combobox by itself once the browser is idle, asking nothing', async () => {
    const fetchMock = vi.fn(async () => Response.json(ANSWER));
    vi.stubGlobal('fetch', fetchMock);
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (work: () => void) => {
      idle = work;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderLazy();
    expect(idle).toBeDefined();
    await act(async () => idle?.());
    const box = (await screen.findByRole('combobox', { name: 'Rechercher sur Guichet' })) as HTMLInputElement;
    expect(box.value).toBe('');
    expect(document.activeElement).not.toBe(box);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
