// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, Link, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListPage, useLoadMore } from './use-load-more';

afterEach(cleanup);

type Data = { cursor: string | null; items: string[]; next: string | null };
const PAGES: Record<string, Data> = {
  '': { cursor: null, items: ['Concert 1', 'Concert 2'], next: 'b' },
  b: { cursor: 'b', items: ['Concert 3', 'Concert 4'], next: 'c' },
  c: { cursor: 'c', items: ['Concert 5'], next: null },
};
const pageOf = (data: Data): ListPage<string> => ({
  items: data.items,
  nextHref: data.next ? `/liste?cursor=${data.next}` : null,
});

const focusFirstAdded = (item: string) => document.getElementById(item)?.focus();

function List() {
  const data = useLoaderData() as Data;
  const { items, nextHref, loadMore } = useLoadMore(
    `/liste?${data.cursor ?? ''}`,
    pageOf(data),
    pageOf,
    focusFirstAdded,
  );
  return (
    <>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <a href={`#${item}`} id={item}>
              {item}
            </a>
          </li>
        ))}
      </ul>
      {nextHref ? (
        <Link to={nextHref} onClick={loadMore}>
          Voir plus
        </Link>
      ) : null}
    </>
  );
}

function renderList() {
  const Stub = createRoutesStub([
    {
      path: '/liste',
      Component: List,
      loader: ({ request }) => PAGES[new URL(request.url).searchParams.get('cursor') ?? ''],
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={['/liste']} />);
}

describe('useLoadMore', () => {
  it('adds each next page under the list, up to the last, instead of replacing it', async () => {
    renderList();
    await screen.findByText('Concert 1');
    fireEvent.click(screen.getByRole('link', { name: 'Voir plus' }));
    await screen.findByText('Concert 4');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Concert 1',
      'Concert 2',
      'Concert 3',
      'Concert 4',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Voir plus' }));
    await screen.findByText('Concert 5');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    // The last page: the link goes, the focus is on the first item it added.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Concert 5'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Voir plus' })).toBeNull());
  });

  it('is a real link to the next page (what opens without JavaScript)', async () => {
    renderList();
    await screen.findByText('Concert 1');
    expect(screen.getByRole('link', { name: 'Voir plus' }).getAttribute('href')).toBe('/liste?cursor=b');
  });
});
