// @vitest-environment jsdom
/**
 * An order's pro page as its organiser sees it (issue 26): a box per ticket still refundable, the refunded one
 * « Remboursé », the checked one with its time, the question asked before refunding (focused, with the
 * ticked tickets and the requestId carried to the refund's form), the refunds with their credit note's PDF.
 * Rendered from loader data shaped by the contracts (the actions are tested on the real API).
 */
import type { ProOrderDetail } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import OrderPage from './order.route';

afterEach(cleanup);

const REQUEST_ID = '0b7e8a8e-4f3c-4d34-9d3a-1f1b2c3d4e5f';

const ticket = (id: number, state: Partial<ProOrderDetail['lines'][number]['tickets'][number]> = {}) => ({
  id,
  code: `CODE-${id}`,
  holderName: `Titulaire ${id}`,
  scannedAt: null,
  revokedReason: null,
  ...state,
});

const ORDER: ProOrderDetail = {
  id: 8,
  reference: 'GU-000008',
  paidAt: '2026-11-20T09:00:00.000Z',
  status: 'PAID',
  buyer: { firstname: 'Inès', lastname: 'Martin', email: 'ines@exemple.fr' },
  tickets: 3,
  amount: 6750,
  refunds: [
    {
      id: 4,
      reason: 'ORGANIZER',
      status: 'SUCCEEDED',
      amount: 2250,
      createdAt: '2026-11-21T09:00:00.000Z',
      refundedAt: '2026-11-21T09:05:00.000Z',
      creditNote: 'AV-000012',
      ticketCodes: ['CODE-2'],
    },
  ],
  lines: [
    {
      id: 1,
      ticketing: { id: 2, title: 'Nuit du jazz' },
      title: 'Plein tarif',
      unitPrice: 2250,
      quantity: 3,
      lineTotal: 6750,
      vatRate: 550,
      tickets: [
        ticket(1),
        ticket(2, { revokedReason: 'ORGANIZER' }),
        ticket(3, { scannedAt: '2026-12-05T19:14:00.000Z' }),
      ],
    },
  ],
};

type Answer = { confirm?: { ticketIds: number[]; count: number; amount: number; requestId: string } };

function renderPage(actionData: Answer | undefined = undefined) {
  const props = {
    loaderData: { order: ORDER, requestId: REQUEST_ID, notice: null },
    actionData,
    params: { organizerId: '3', orderId: '8' },
  } as unknown as React.ComponentProps<typeof OrderPage>;
  const Stub = createRoutesStub([
    {
      id: 'organizer/organizer-layout.route',
      path: '/organisateurs/:organizerId',
      Component: Outlet,
      HydrateFallback: () => null,
      loader: () => ({ me: { organizers: [] }, organizer: { id: 3, name: 'Le Caveau' } }),
      children: [{ path: 'commandes/:orderId', Component: () => <OrderPage {...props} /> }],
    },
  ]);
  render(<Stub initialEntries={['/organisateurs/3/commandes/8']} />);
  return screen.findByRole('heading', { level: 1, name: 'Commande GU-000008' }, { timeout: 10_000 });
}

describe('an order’s pro page after the sale', () => {
  it('says each ticket’s state and offers a box per ticket still valid', async () => {
    await renderPage();
    expect(screen.getByText(/Partiellement remboursée/)).toBeTruthy();
    const line = screen.getByRole('region', { name: '3 × Plein tarif' });
    expect(within(line).getByText('Remboursé')).toBeTruthy();
    expect(within(line).getByText('Contrôlé le samedi 5 décembre 2026 à 20 h 14')).toBeTruthy();
    const form = screen.getByRole('region', { name: 'Rembourser des billets' });
    const boxes = within(form).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.value)).toEqual(['1', '3']);
    expect(within(form).getByLabelText(/CODE-1 · Titulaire 1 · Plein tarif/)).toBe(boxes[0]);
    expect(form.querySelector<HTMLInputElement>('input[name="requestId"]')?.value).toBe(REQUEST_ID);
  });

  it('asks « Rembourser 2 billets pour … ? », focused, its form carrying the tickets and the requestId', async () => {
    await renderPage({ confirm: { ticketIds: [1, 3], count: 2, amount: 4500, requestId: REQUEST_ID } });
    const dialog = screen.getByRole('alertdialog', { name: `Rembourser 2 billets pour ${formatPrice(4500)} ?` });
    expect(document.activeElement).toBe(dialog);
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer le remboursement' });
    const form = confirm.closest('form');
    const sent = form ? new FormData(form) : null;
    expect([sent?.get('intent'), sent?.get('requestId')]).toEqual(['refund', REQUEST_ID]);
    expect(sent?.getAll('ticketId')).toEqual(['1', '3']);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('lists the refund with its credit note’s PDF', async () => {
    await renderPage();
    const refunds = screen.getByRole('region', { name: 'Remboursements' });
    expect(within(refunds).getByText(/— avoir AV-000012$/)).toBeTruthy();
    expect(
      within(refunds)
        .getByRole('link', { name: /Télécharger l’avoir \(PDF\)/ })
        .getAttribute('href'),
    ).toBe('/organisateurs/3/commandes/8/avoirs/12');
  });
});
