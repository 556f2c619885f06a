// @vitest-environment jsdom
import type { OrderSummary } from '@guichet/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrdersTable } from './orders-table';

afterEach(cleanup);

const ORDERS: OrderSummary[] = [
  {
    id: 12,
    reference: 'GU-2026-000012',
    status: 'PAID',
    totalAmount: 8400,
    createdAt: '2026-11-14T11:30:00Z',
    itemCount: 3,
  },
  {
    id: 11,
    reference: 'GU-2026-000011',
    status: 'REFUNDED',
    totalAmount: 3650,
    createdAt: '2026-10-08T17:12:00Z',
    itemCount: 1,
  },
];

const HydrateFallback = () => null;

function OrdersPage() {
  const { page } = useLoaderData() as { page: number };
  return <OrdersTable orders={page === 1 ? ORDERS : []} page={page} pageCount={2} />;
}

describe('OrdersTable', () => {
  it('shows each order’s reference (a link), date, status in French and total in euros', async () => {
    const Stub = createRoutesStub([
      { path: '/account/orders', Component: OrdersPage, HydrateFallback, loader: () => ({ page: 1 }) },
    ]);
    render(<Stub initialEntries={['/account/orders']} />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    // Prices and dates carry French (narrow) no-break spaces.
    const text = (cell: HTMLElement) => cell.textContent?.replace(/\s/g, ' ');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map(text),
    ).toEqual(['Référence', 'Date', 'Statut', 'Total']);
    const [, reference, date, status, total] = [undefined, ...within(rows[1] as HTMLElement).getAllByRole('cell')];
    expect(within(reference as HTMLElement).getByRole('link').textContent).toBe('GU-2026-000012');
    expect(text(date as HTMLElement)).toBe('14 novembre 2026');
    expect(text(status as HTMLElement)).toBe('Payée');
    expect(text(total as HTMLElement)).toBe('84 €');
    expect(text(within(rows[2] as HTMLElement).getAllByRole('cell')[2] as HTMLElement)).toBe('Remboursée');
    expect(text(within(rows[2] as HTMLElement).getAllByRole('cell')[3] as HTMLElement)).toBe('36,50 €');
    expect(within(table).getByRole('link', { name: 'GU-2026-000012' }).getAttribute('href')).toBe('/account/orders/12');
    expect(screen.getByRole('link', { name: 'Suivante (page 2)' }).getAttribute('href')).toBe('/account/orders?page=2');
    expect(screen.queryByRole('link', { name: /Précédente/ })).toBeNull();
  });

  it('shows « Chargement en cours » while another page of the list loads', async () => {
    let release: () => void = () => {};
    const Stub = createRoutesStub([
      {
        path: '/account/orders',
        Component: OrdersPage,
        HydrateFallback,
        loader: async ({ request }) => {
          const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
          if (page === 2) await new Promise<void>((resolve) => (release = resolve));
          return { page };
        },
      },
    ]);
    render(<Stub initialEntries={['/account/orders']} />);
    fireEvent.click(await screen.findByRole('link', { name: 'Suivante (page 2)' }));
    expect((await screen.findByRole('status')).textContent).toBe('Chargement en cours');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'));
    expect(screen.queryByText('Chargement en cours')).toBeNull();
    expect(screen.getByRole('link', { name: 'Précédente (page 1)' }).getAttribute('href')).toBe('/account/orders');
  });
});
