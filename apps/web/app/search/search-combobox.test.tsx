// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SuggestionsAnswer } from '../lib/search-suggestions';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

const ANSWER: SuggestionsAnswer = {
  groups: [
    {
      label: 'Événements',
      options: [
        { id: 't-1', label: 'Le Malade imaginaire', detail: 'Paris', href: '/billetterie/le-malade-imaginaire-1' },
        { id: 't-2', label: 'Le Misanthrope', detail: 'Rennes', href: '/billetterie/le-misanthrope-2' },
      ],
    },
    { label: 'Artistes', options: [{ id: 'p-4', label: 'Compagnie du Grand Large', href: '/artistes/4' }] },
  ],
};

const PROPS: SearchComboboxProps = {
  id: 'essai',
  action: '/recherche',
  label: 'Rechercher sur Guichet',
  labelHidden: true,
  placeholder: 'Spectacle, artiste, bon plan…',
  suggestionsUrl: '/recherche/suggestions',
  hidden: { categorie: 'theatre' },
};

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function stubFetch(implementation: Fetch = async () => Response.json(ANSWER)) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(() => {
  // jsdom, unlike browsers (Chromium since 118), does not know the <search> element: React says so once, here.
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(<search />);
  cleanup();
  expect(spy).toHaveBeenCalledWith(expect.stringContaining('is unrecognized in this browser'), 'search');
  spy.mockRestore();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderBox(url = '/', props: Partial<SearchComboboxProps> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchCombobox {...PROPS} {...props} />
            <button type="button">Ailleurs</button>
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('combobox', { name: 'Rechercher sur Guichet' }) as HTMLInputElement;
}

const where = () => screen.getByTestId('where').textContent;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** Types a text into the focused field and waits for the list of suggestions. */
async function typeAndOpen(input: HTMLInputElement, text = 'moliere') {
  input.focus();
  fireEvent.change(input, { target: { value: text } });
  await screen.findByRole('listbox', { name: 'Suggestions' });
}

describe('SearchCombobox without JavaScript', () => {
  it('is a plain GET form: the text as q, the hidden values, a submit button, no combobox roles', () => {
    const router = createMemoryRouter([{ path: '*', element: <SearchCombobox {...PROPS} defaultValue="molière" /> }]);
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    const page = new DOMParser().parseFromString(html, 'text/html');
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/recherche');
    const field = page.querySelector<HTMLInputElement>('input[name="q"]');
    expect(field?.type).toBe('search');
    expect(field?.value).toBe('molière');
    expect(field?.labels?.[0]?.textContent).toBe('Rechercher sur Guichet');
    expect(field?.labels?.[0]?.className).toBe('sr-only');
    expect(page.querySelector<HTMLInputElement>('input[type="hidden"][name="categorie"]')?.value).toBe('theatre');
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Rechercher');
    expect(page.querySelector('[role="combobox"], [role="listbox"], [aria-expanded]')).toBeNull();
  });
});

describe('SearchCombobox with JavaScript', () => {
  it('becomes a collapsed combobox that controls its listbox', () => {
    stubFetch();
    const input = renderBox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-controls')).toBe('essai-listbox');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(document.getElementById('essai-listbox')?.getAttribute('role')).toBe('listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('asks nothing for an empty or one-letter text', async () => {
    const fetchMock = stubFetch();
    const input = renderBox();
    input.focus();
    fireEvent.change(input, { target: { value: 'm' } });
    fireEvent.change(input, { target: { value: ' m ' } });
    fireEvent.change(input, { target: { value: '' } });
    await wait(250);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks once typing pauses, and shows the groups with their options, announced', async () => {
    const fetchMock = stubFetch();
    const input = renderBox();
    input.focus();
    fireEvent.change(input, { target: { value: 'mo' } });
    fireEvent.change(input, { target: { value: 'mol' } });
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/recherche/suggestions?q=mol');
    expect(input.getAttribute('aria-expanded')).toBe('true');

    const events = screen.getByRole('group', { name: 'Événements' });
    expect(events.querySelectorAll('[role="option"]')).toHaveLength(2);
    const artists = screen.getByRole('group', { name: 'Artistes' });
    expect(artists.textContent).toContain('Compagnie du Grand Large');
    expect(screen.getByRole('option', { name: 'Le Malade imaginaire Paris' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    expect(screen.getByRole('status').textContent).toBe('3 suggestions');
  });

  it('cancels a request that newer typing made useless', async () => {
    const signals: AbortSignal[] = [];
    stubFetch(
      (_url, init) =>
        new Promise((resolve) => {
          if (init.signal) signals.push(init.signal);
          // The first answer is slow; the second comes at once.
          setTimeout(() => resolve(Response.json(ANSWER)), signals.length === 1 ? 1000 : 0);
        }),
    );
    const input = renderBox();
    input.focus();
    fireEvent.change(input, { target: { value: 'mol' } });
    await wait(200);
    fireEvent.change(input, { target: { value: 'moli' } });
    await screen.findByRole('listbox');
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('moves through the options of every group with the arrows, wrapping at both ends', async () => {
    stubFetch();
    const input = renderBox();
    await typeAndOpen(input);
    const activeLabel = () => {
      const id = input.getAttribute('aria-activedescendant');
      const option = id ? document.getElementById(id) : null;
      expect(option?.getAttribute('aria-selected')).toBe('true');
      return option?.querySelector('span')?.textContent;
    };
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeLabel()).toBe('Le Malade imaginaire');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeLabel()).toBe('Le Misanthrope');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeLabel()).toBe('Compagnie du Grand Large');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeLabel()).toBe('Le Malade imaginaire');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeLabel()).toBe('Compagnie du Grand Large');
    expect(
      screen.getAllByRole('option').filter((option) => option.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(1);
  });

  it('opens the active option’s page with Enter', async () => {
    stubFetch();
    const input = renderBox();
    await typeAndOpen(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const notPrevented = fireEvent.keyDown(input, { key: 'Enter' });
    expect(notPrevented).toBe(false);
    await waitFor(() => expect(where()).toBe('/billetterie/le-misanthrope-2'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('submits the text with Enter when no option is active', async () => {
    stubFetch();
    const input = renderBox();
    await typeAndOpen(input, 'molière');
    // Enter is left to the browser, whose implicit submission sends the form.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);
    fireEvent.submit(input.form as HTMLFormElement);
    await waitFor(() => expect(where()).toBe('/recherche?categorie=theatre&q=moli%C3%A8re'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list with Escape, then clears the field with a second Escape', async () => {
    stubFetch();
    const input = renderBox();
    await typeAndOpen(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(fireEvent.keyDown(input, { key: 'Escape' })).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input.value).toBe('moliere');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    // The arrows bring the list back while there is a text.
    fireEvent.change(input, { target: { value: 'moliere' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps the list closed after Escape when newer suggestions arrive late', async () => {
    const fetchMock = stubFetch();
    const input = renderBox();
    await typeAndOpen(input);
    fireEvent.change(input, { target: { value: 'molier' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await wait(50);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Typing again shows them.
    fireEvent.change(input, { target: { value: 'moliere' } });
    await screen.findByRole('listbox');
  });

  it('opens an option’s page on click, the field keeping the focus meanwhile', async () => {
    stubFetch();
    const input = renderBox();
    await typeAndOpen(input);
    const option = screen.getByRole('option', { name: /Compagnie du Grand Large/ });
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    await waitFor(() => expect(where()).toBe('/artistes/4'));
  });

  it('keeps a works-council visitor in CSE mode when an option is picked', async () => {
    stubFetch();
    const input = renderBox('/?type=CSE&cseID=9');
    await typeAndOpen(input);
    fireEvent.click(screen.getByRole('option', { name: /Compagnie du Grand Large/ }));
    await waitFor(() => expect(where()).toBe('/artistes/4?type=CSE&cseID=9'));
  });

  it('closes the list when the field loses the focus', async () => {
    stubFetch();
    const input = renderBox();
    await typeAndOpen(input);
    fireEvent.blur(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens nothing when the answer comes after the field was left', async () => {
    stubFetch();
    const input = renderBox();
    input.focus();
    fireEvent.change(input, { target: { value: 'moliere' } });
    screen.getByRole('button', { name: 'Ailleurs' }).focus();
    await wait(300);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    ['a failed request', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an error answer', async () => new Response('Service indisponible', { status: 503 })],
    ['an answer that is no JSON', async () => new Response('<html>', { status: 200 })],
  ])('shows no list after %s, and the form still submits', async (_label, implementation: Fetch) => {
    const fetchMock = stubFetch(implementation);
    const input = renderBox();
    input.focus();
    fireEvent.change(input, { target: { value: 'moliere' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await wait(50);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Aucune suggestion');
    fireEvent.submit(input.form as HTMLFormElement);
    await waitFor(() => expect(where()).toBe('/recherche?categorie=theatre&q=moliere'));
  });
});
