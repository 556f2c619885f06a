/**
 * POST /cart/items against the real API (issue 24 §5): every cart change — add, − / +, remove, a quantity, the
 * sync before the modal opens, « Acheter » — called with a `Request` as the browser sends it. What is checked
 * is what the visitor gets: the notice, the redirect and the cart the cookie keeps, and the server cart the
 * API holds (its rows).
 */
import { CART_MAX_LINES } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, products } from '../../../api/src/db/schema';
import { realApi } from '../../test/real-api';
import { cookiesOf, post } from '../../test/requests';
import { guest, thrown } from '../../test/session-support';
import { readCart, writeCart } from './cart-cookie.server';
import { action, loader } from './cart-items.route';

const real = realApi();

type DataAnswer = {
  init: { status?: number; headers?: HeadersInit } | null;
  data: { cart: { cartID: string; cartItems: { productID: number; quantity: number }[] } | null; notice: unknown };
};

/** Posts a change as a fetcher does (respond=data), with the cookie's cart. */
async function change(fields: Record<string, string>, cookie = '', context = guest()) {
  const answer = (await action({
    request: post('/cart/items', { respond: 'data', ...fields }, cookie),
    context,
  } as never)) as unknown as DataAnswer;
  const next = cookiesOf(answer);
  const kept = await readCart(new Request('http://localhost:3000/', { headers: { Cookie: next } }));
  return { status: answer.init?.status ?? 200, ...answer.data, cookie: next, kept };
}

/** The lines of the server cart, as the API stored them. */
async function serverLines(cartID: string) {
  const rows = await real.db().select().from(cartItems).where(eq(cartItems.cartId, cartID));
  return rows.map((row) => ({ productID: row.productId, quantity: row.quantity }));
}

describe('POST /cart/items, every change of the cart', () => {
  it('« Ajouter » makes the server cart, says what was added and keeps the line in the cookie', async () => {
    const ticket = await real.ticket();
    const added = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET', quantity: '2' });
    expect(added.status).toBe(200);
    expect(added.notice).toEqual({
      message: `Ajouté au panier : ${ticket.name}.`,
      state: 'success',
      link: expect.objectContaining({ to: '/cart' }),
    });
    expect(added.kept.cartItems).toEqual([{ productID: ticket.id, productType: 'TICKET', quantity: 2 }]);
    expect(added.kept.cartID).toBe(added.cart?.cartID);
    expect(await serverLines(added.kept.cartID ?? '')).toEqual([{ productID: ticket.id, quantity: 2 }]);
  });

  it('+, − and « Supprimer » change the line by one, then drop it, on the cookie and on the server', async () => {
    const ticket = await real.ticket();
    const other = await real.ticket();
    const id = String(ticket.id);
    let step = await change({ intent: 'add', productID: id, productType: 'TICKET' });
    step = await change({ intent: 'add', productID: String(other.id), productType: 'TICKET' }, step.cookie);
    const cartID = step.kept.cartID ?? '';
    step = await change({ intent: 'increase', productID: id }, step.cookie);
    expect(step.kept.cartItems.find((line) => line.productID === ticket.id)?.quantity).toBe(2);
    expect(step.notice).toBeNull();
    step = await change({ intent: 'decrease', productID: id }, step.cookie);
    expect(step.kept.cartItems.find((line) => line.productID === ticket.id)?.quantity).toBe(1);
    // − at one removes the line, as « Supprimer » does.
    step = await change({ intent: 'decrease', productID: id }, step.cookie);
    expect(step.kept.cartItems.map((line) => line.productID)).toEqual([other.id]);
    step = await change({ intent: 'remove', productID: String(other.id) }, step.cookie);
    expect(step.kept.cartItems).toEqual([]);
    expect(step.kept.cartID).toBe(cartID);
    expect(await serverLines(cartID)).toEqual([]);
  });

  it('a quantity above what one order may take is lowered by the API, and the visitor told why', async () => {
    const ticket = await real.ticket({ quota: 4 });
    let step = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET' });
    step = await change({ intent: 'setQuantity', productID: String(ticket.id), quantity: '9' }, step.cookie);
    expect(step.notice).toEqual({
      message: `4 au plus par commande pour « ${ticket.name} » : quantité ramenée à 4.`,
      state: 'error',
    });
    expect(step.kept.cartItems).toEqual([{ productID: ticket.id, productType: 'TICKET', quantity: 4 }]);
    expect(await serverLines(step.kept.cartID ?? '')).toEqual([{ productID: ticket.id, quantity: 4 }]);
  });

  it('a quantity above what is left is lowered to what is left', async () => {
    const ticket = await real.ticket({ stock: 3 });
    const step = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET', quantity: '5' });
    expect(step.notice).toEqual({
      message: `Ajouté au panier : ${ticket.name}. Plus que 3 disponibles pour « ${ticket.name} » : quantité ramenée à 3.`,
      state: 'success',
      link: expect.objectContaining({ to: '/cart' }),
    });
    expect(step.kept.cartItems[0]?.quantity).toBe(3);
  });

  it('a quantity of 0 removes the line', async () => {
    const ticket = await real.ticket();
    let step = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET' });
    step = await change({ intent: 'setQuantity', productID: String(ticket.id), quantity: '0' }, step.cookie);
    expect(step.kept.cartItems).toEqual([]);
  });

  it('the sync drops a line sold out since, and the cookie forgets it', async () => {
    const ticket = await real.ticket();
    const kept = await real.ticket();
    let step = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET' });
    step = await change({ intent: 'add', productID: String(kept.id), productType: 'TICKET' }, step.cookie);
    await real.db().update(products).set({ stock: 0 }).where(eq(products.id, ticket.id));
    step = await change({ intent: 'sync' }, step.cookie);
    expect(step.status).toBe(200);
    expect(step.kept.cartItems).toEqual([{ productID: kept.id, productType: 'TICKET', quantity: 1 }]);
    expect(step.cart).toMatchObject({
      adjustments: [
        { productID: ticket.id, code: 'UNAVAILABLE', message: `Ce billet n'est plus disponible : « ${ticket.name} ».` },
      ],
    });
  });

  it('adding a product that cannot be sold says so and keeps nothing', async () => {
    const ticket = await real.ticket({ stock: 0 });
    const step = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET' });
    expect(step.notice).toEqual({ message: `Ce billet n'est plus disponible : « ${ticket.name} ».`, state: 'error' });
    expect(step.kept.cartItems).toEqual([]);
  });

  it(`a ${CART_MAX_LINES + 1}th product is refused with the spec's message, the cart untouched`, async () => {
    const lines = Array.from({ length: CART_MAX_LINES }, (_, index) => ({
      productID: 1_000_000 + index,
      productType: 'TICKET' as const,
      quantity: 1,
    }));
    const full = (await writeCart({ cartItems: lines })).split(';')[0] ?? '';
    const ticket = await real.ticket();
    const step = await change({ intent: 'add', productID: String(ticket.id), productType: 'TICKET' }, full);
    expect(step.status).toBe(409);
    expect(step.notice).toEqual({
      message: `Votre panier contient déjà ${CART_MAX_LINES} produits : commandez-les ou retirez-en un pour en ajouter.`,
      state: 'error',
    });
    expect(step.cookie).toBe('');
  });

  it('a form that names no product or a bad quantity is refused (400), nothing sent', async () => {
    const forms: Record<string, string>[] = [
      { intent: 'add', productID: 'abc', productType: 'TICKET' },
      { intent: 'add', productID: '12', productType: 'TICKET', quantity: '-1' },
      { intent: 'setQuantity', productID: '12', quantity: '1000' },
      { intent: 'steal' },
    ];
    for (const fields of forms) {
      const step = await change(fields);
      expect(step.status).toBe(400);
      expect(step.notice).toEqual({ message: 'Cette demande ne peut pas être traitée.', state: 'error' });
    }
  });

  it('without JavaScript, the form goes back to its page with the notice; never off the site', async () => {
    const ticket = await real.ticket();
    const fields = { intent: 'add', productID: String(ticket.id), productType: 'TICKET' };
    const back = (await action({
      request: post('/cart/items', { ...fields, redirectTo: '/billetterie/nuit-du-jazz' }),
      context: guest(),
    } as never)) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get('Location')).toBe('/billetterie/nuit-du-jazz');
    const cookies = cookiesOf(back);
    expect(cookies).toContain('guichet_notice=');
    const kept = await readCart(new Request('http://localhost:3000/', { headers: { Cookie: cookies } }));
    expect(kept.cartItems).toEqual([{ productID: ticket.id, productType: 'TICKET', quantity: 1 }]);
    for (const redirectTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const away = (await action({
        request: post('/cart/items', { ...fields, redirectTo }),
        context: guest(),
      } as never)) as Response;
      expect(away.headers.get('Location')).toBe('/cart');
    }
  });

  it('« Acheter » sends a guest to the login page and a member to /cart, /cart remembered for after login', async () => {
    const member = await real.member();
    const asGuest = (await action({
      request: post('/cart/items', { intent: 'buy' }),
      context: guest(),
    } as never)) as Response;
    expect(asGuest.headers.get('Location')).toBe('/auth/login');
    expect(cookiesOf(asGuest)).toMatch(/^guichet_after_login=/);
    const asMember = (await action({
      request: post('/cart/items', { intent: 'buy' }),
      context: member.context(),
    } as never)) as Response;
    expect(asMember.headers.get('Location')).toBe('/cart');
  });

  it('a GET is refused: the cart changes only by a form', async () => {
    const error = await thrown(() => loader());
    expect(error).toMatchObject({ init: { status: 405 } });
  });
});
