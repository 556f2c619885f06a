// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageItems } from './pagination';

afterEach(cleanup);

/** Links need a router. */
function renderAt(element: ReactElement) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <div data-testid="page">{element}</div> }]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('page');
}

describe('Pagination', () => {
  it('shows the first, the last and the pages around the current one', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(5, 12)).toEqual([1, 'gap', 4, 5, 6, 'gap', 12]);
    expect(pageItems(3, 12)).toEqual([1, 2, 3, 4, 'gap', 12]);
    expect(pageItems(12, 12)).toEqual([1, 'gap', 11, 12]);
  });

  it('links every page, the current one marked aria-current', async () => {
    const page = await renderAt(
      <Pagination page={2} pageCount={3} hrefFor={(n) => `/bons-plans/search?page=${n}`} label="Pages des résultats" />,
    );
    const nav = within(page).getByRole('navigation', { name: 'Pages des résultats' });
    const current = within(nav).getByRole('link', { name: 'Page 2' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Précédente (page 1)' }).getAttribute('href')).toBe(
      '/bons-plans/search?page=1',
    );
    expect(within(nav).getByRole('link', { name: 'Suivante (page 3)' }).getAttribute('href')).toBe(
      '/bons-plans/search?page=3',
    );
  });

  it('shows nothing for a single page', async () => {
    const page = await renderAt(<Pagination page={1} pageCount={1} hrefFor={String} label="Pages" />);
    expect(within(page).queryByRole('navigation')).toBeNull();
  });
});
