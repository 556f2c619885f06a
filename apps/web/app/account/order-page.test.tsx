// @vitest-environment jsdom
/**
 * The account order page as its buyer sees it after the sale (issue 26): the order « Partiellement remboursée »,
 * a refunded voucher marked « Remboursé », « Renvoyer mes billets par e-mail », the withdrawal form (the L221-18
 * text, a box per unused voucher, the requestId), the postponed event's refund request, the refunds with their
 * credit note. Rendered from loader data shaped by the contracts (the actions are tested on the real API).
 */
import type { OrderDetail } from '@guichet/contracts';
import { NotificationsProvider } from '@guichet/ui/notifications';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WITHDRAWAL_NOTICE } from './after-sale';
import OrderPage from './order.route';

afterEach(cleanup);

const NOW = Date.parse('2026-11-27T10:00:00Z');
const REQUEST_ID = '6f1c1c4e-3a55-4e8e-9d0e-2b1f4f9f6b11';

const ticket = (id: number, state: Partial<OrderDetail['items'][number]['tickets'][number]> = {}) => ({
  id,
  code: `CODE-${id}`,
  holderName: 'Inès Martin',
  revokedReason: null,
  scannedAt: null,
  ...state,
});

const ORDER: OrderDetail = {
  id: 5,
  reference: 'GU-000005',
  status: 'PAID',
  totalAmount: 11000,
  currency: 'EUR',
  createdAt: '2026-11-20T09:00:00.000Z',
  paidAt: '2026-11-20T09:01:00.000Z',
  expiresAt: null,
  invoiceNumber: 'FAC-000005',
  paymentPath: null,
  downloadPath: '/download?order=5&sig=abc',
  facturationAddress: { street: '1 rue A', postalCode: '75001', city: 'Paris', country: 'France' },
  items: [
    {
      id: 11,
      productID: 1,
      title: 'Séance',
      unitPrice: 3000,
      quantity: 2,
      lineTotal: 6000,
      productType: 'OFFER',
      vatRate: 2000,
      ticketing: null,
      withdrawalUntil: '2026-12-04T22:59:59.999Z',
      tickets: [ticket(1, { revokedReason: 'WITHDRAWAL' }), ticket(2)],
    },
    {
      id: 12,
      productID: 2,
      title: 'Plein tarif',
      unitPrice: 2500,
      quantity: 2,
      lineTotal: 5000,
      productType: 'TICKET',
      vatRate: 550,
      ticketing: {
        id: 3,
        slug: 'nuit-du-jazz',
        title: 'Nuit du jazz',
        startsAt: '2027-01-15T19:00:00.000Z',
        endsAt: '2027-01-15T22:00:00.000Z',
        venue: 'Le Caveau',
        city: 'Lyon',
        refundRequestsUntil: '2027-01-05T22:59:00.000Z',
      },
      withdrawalUntil: null,
      tickets: [ticket(3, { holderName: 'Hugo Martin' }), ticket(4, { holderName: 'Léa Martin' })],
    },
  ],
  refunds: [
    {
      id: 9,
      reason: 'WITHDRAWAL',
      status: 'SUCCEEDED',
      amount: 3000,
      createdAt: '2026-11-21T09:00:00.000Z',
      refundedAt: '2026-11-21T09:05:00.000Z',
      creditNote: 'AV-000001',
      creditNotePath: '/orders/5/credit-notes/1?sig=abc',
    },
  ],
};

/** The props React Router gives the route's component: what its loader answered, no action yet. */
const pageProps = (order: OrderDetail) =>
  ({
    loaderData: { order, justPaid: false, justCancelled: false, notice: null, requestId: REQUEST_ID },
    actionData: undefined,
    params: { orderID: String(order.id) },
  }) as unknown as React.ComponentProps<typeof OrderPage>;

async function renderPage(order: OrderDetail) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      HydrateFallback: () => null,
      loader: () => ({ now: NOW, env: { previewFeatures: false } }),
      children: [
        {
          path: 'account/orders/:orderID',
          Component: () => (
            <NotificationsProvider>
              {/* The route module's component, given what its loader answers. */}
              <OrderPage {...pageProps(order)} />
            </NotificationsProvider>
          ),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[`/account/orders/${order.id}`]} />);
  // The first render of a file waits for the stub's loaders: slow on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
}

describe('the order page after the sale', () => {
  it('says « Partiellement remboursée » and marks the withdrawn voucher « Remboursé »', async () => {
    await renderPage(ORDER);
    expect(screen.getByText('Partiellement remboursée')).toBeTruthy();
    const tickets = screen.getByRole('region', { name: 'Mes billets' });
    const refunded = within(tickets).getByText('CODE-1').closest('li');
    expect(refunded && within(refunded).getByText('Remboursé')).toBeTruthy();
    const valid = within(tickets).getByText('CODE-3').closest('li');
    expect(valid && within(valid).queryByText('Remboursé')).toBeNull();
    expect(screen.getByRole('button', { name: 'Renvoyer mes billets par e-mail' })).toBeTruthy();
  });

  it('offers the withdrawal on the unused voucher only, with the L221-18 text and the requestId', async () => {
    await renderPage(ORDER);
    const form = screen.getByRole('region', { name: 'Droit de rétractation — Séance' });
    expect(within(form).getByText(WITHDRAWAL_NOTICE)).toBeTruthy();
    expect(within(form).getByText(/Possible jusqu’au 4 décembre 2026 à 23 h 59/)).toBeTruthy();
    const boxes = within(form).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['2']);
    expect(within(form).getByLabelText(/CODE-2/)).toBe(boxes[0]);
    const hidden = form.querySelector<HTMLInputElement>('input[name="requestId"]');
    expect(hidden?.value).toBe(REQUEST_ID);
    expect(within(form).getByRole('button', { name: 'Exercer mon droit de rétractation' })).toBeTruthy();
  });

  it('offers the postponed event’s refund until its deadline', async () => {
    await renderPage(ORDER);
    const form = screen.getByRole('region', { name: 'Événement reporté — Nuit du jazz' });
    expect(within(form).getByText(/jusqu’au 5 janvier 2027 à 23 h 59/)).toBeTruthy();
    expect(within(form).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(form).getByRole('button', { name: 'Demander le remboursement' })).toBeTruthy();
  });

  it('lists the refund with its credit note’s PDF', async () => {
    await renderPage(ORDER);
    const refunds = screen.getByRole('region', { name: 'Remboursements' });
    expect(
      within(refunds).getByText(/^Remboursement de 30 € — fait le 21 novembre 2026 — avoir AV-000001$/),
    ).toBeTruthy();
    const link = within(refunds).getByRole('link', { name: /Télécharger l’avoir \(PDF\)/ });
    expect(link.getAttribute('href')).toBe('/account/orders/5/avoirs/1');
  });

  it('offers neither form once the deadlines are past, and says « Remboursée » when all is refunded', async () => {
    const over: OrderDetail = {
      ...ORDER,
      status: 'REFUNDED',
      items: ORDER.items.map((item) => ({
        ...item,
        withdrawalUntil: item.withdrawalUntil ? '2026-11-26T22:59:59.999Z' : null,
      })),
    };
    await renderPage(over);
    expect(screen.getByText('Remboursée')).toBeTruthy();
    expect(screen.queryByText('Partiellement remboursée')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exercer mon droit de rétractation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Demander le remboursement' })).toBeNull();
  });
});
