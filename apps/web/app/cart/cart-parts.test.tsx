// @vitest-environment jsdom
import type { CartLine } from '@guichet/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartFromAccount, FROM_ACCOUNT_MESSAGE } from './cart-parts';

afterEach(cleanup);

const line = (productID: number, owner: string, title: string, quantity: number): CartLine => ({
  productID,
  quantity,
  lineTotal: 1000 * quantity,
  product: {
    productID,
    productType: 'TICKET',
    title,
    price: 1000,
    discountType: null,
    discount: 0,
    discountedPrice: 1000,
    quota: 10,
    remaining: 100,
    ticketing: { title: owner } as never,
    offer: null,
  },
});

const cart = {
  cartItems: [
    line(1, 'Les Nuits Électriques', 'Pass 1 jour', 1),
    line(2, 'Le Malade imaginaire', 'Tarif plein', 2),
    line(3, 'Cités imaginaires', 'Entrée', 1),
  ],
};

describe('CartFromAccount', () => {
  it('says the cart holds lines from a previous visit, and lists which', () => {
    render(<CartFromAccount cart={cart} productIDs={[2, 3, 99]} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(
      "Votre panier contient aussi des articles ajoutés lors d'une visite précédente",
    );
    expect(FROM_ACCOUNT_MESSAGE).toBe("Votre panier contient aussi des articles ajoutés lors d'une visite précédente");
    const items = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Le Malade imaginaire — Tarif plein × 2', 'Cités imaginaires — Entrée × 1']);
  });

  it('says nothing when no line of the cart came from the account (none, or removed since)', () => {
    render(<CartFromAccount cart={cart} productIDs={[99]} />);
    expect(screen.queryByRole('status')).toBeNull();
    render(<CartFromAccount cart={cart} productIDs={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
