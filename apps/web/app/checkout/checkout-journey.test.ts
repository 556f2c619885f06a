/**
 * The order form below the cart (/cart's action) and the payment page's action, against the real API
 * (issue 24 §5): a member's cart becomes an order on the payment page, the card pays it or is refused with the
 * bank's French message, « Annuler » releases the places; a price changed since the recap is never paid
 * unseen. What is checked: the redirects, the form's messages and the order's and products' rows.
 */
import { DEMO_TEST_CARDS, PAYMENT_MESSAGES } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../../api/src/db/schema';
import { realApi } from '../../test/real-api';
import { cookiesOf, post } from '../../test/requests';
import { guest, thrown } from '../../test/session-support';
import { action as checkout } from '../cart/cart.route';
import { action as cartChange } from '../cart/cart-items.route';
import { CHECKOUT_INTENT, holderField, LINE_FIELD, seenPriceField } from './checkout';
import { action as pay } from './payment.route';

const real = realApi();

type Member = Awaited<ReturnType<typeof real.member>>;

/** A member's cart holding `quantity` of a new ticket at 25,00 €, as the cart's cookie. */
async function cartOf(member: Member, quantity: number, values: { stock?: number } = {}) {
  const ticket = await real.ticket(values);
  const answer = (await cartChange({
    request: post('/cart/items', {
      intent: 'add',
      productID: String(ticket.id),
      productType: 'TICKET',
      quantity: String(quantity),
      respond: 'data',
    }),
    context: member.context(),
  } as never)) as unknown as { init: { headers?: HeadersInit } };
  return { ticket, cookie: cookiesOf(answer) };
}

const billing = { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' };

/** The order form as the recap sends it: lines, the prices seen, each ticket's holder, the address, the terms. */
function orderForm(ticket: { id: number }, quantity: number, seenPrice = 2500): Record<string, string> {
  const holders = Object.fromEntries(
    Array.from({ length: quantity }, (_, unit) => [holderField(ticket.id, unit), `Titulaire ${unit + 1}`]),
  );
  return {
    intent: CHECKOUT_INTENT,
    [LINE_FIELD]: String(ticket.id),
    [seenPriceField(ticket.id)]: String(seenPrice),
    ...holders,
    ...billing,
    acceptTerms: 'on',
  };
}

/** Orders the cart: the payment page's address (its `order` session) and the order's row. */
async function order(member: Member, ticket: { id: number }, quantity: number, cookie: string) {
  const redirect = (await thrown(() =>
    checkout({ request: post('/cart', orderForm(ticket, quantity), cookie), context: member.context() } as never),
  )) as Response;
  expect(redirect.status).toBe(303);
  const location = redirect.headers.get('Location') ?? '';
  expect(location).toMatch(/^\/payment\?order=/);
  const [row] = await real.db().select().from(orders).where(eq(orders.userId, member.id));
  return { payment: `http://localhost:3000${location}`, order: row };
}

const stockOf = async (id: number) =>
  (await real.db().select().from(products).where(eq(products.id, id)))[0] ?? { sold: -1, reserved: -1 };

describe('the order form and the payment page', () => {
  it('a member’s cart becomes a pending order holding its places, paid by card: then sold, the confirmation next', async () => {
    const member = await real.member();
    const { ticket, cookie } = await cartOf(member, 2);
    const { payment, order: pending } = await order(member, ticket, 2, cookie);
    expect(pending).toMatchObject({ status: 'PENDING', totalAmount: 5000 });
    expect(await stockOf(ticket.id)).toMatchObject({ reserved: 2, sold: 0 });

    const paid = (await thrown(() =>
      pay({
        request: post(payment, { intent: 'pay', cardNumber: DEMO_TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' }),
        context: member.context(),
      } as never),
    )) as Response;
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(`/account/orders/${pending?.id}?paid=1`);
    expect(await real.orderStatus(pending?.id)).toBe('PAID');
    expect(await stockOf(ticket.id)).toMatchObject({ reserved: 0, sold: 2 });
  });

  it('a declined card is the bank’s French message above the form; the card number is not sent back', async () => {
    const member = await real.member();
    const { ticket, cookie } = await cartOf(member, 1);
    const { payment, order: pending } = await order(member, ticket, 1, cookie);
    const answer = (await pay({
      request: post(payment, { intent: 'pay', cardNumber: DEMO_TEST_CARDS.declined, expiry: '12/40', cvc: '123' }),
      context: member.context(),
    } as never)) as unknown as { init: { status: number }; data: { alert: string; reply: { values: object } } };
    expect(answer.data.alert).toBe(PAYMENT_MESSAGES.declined);
    expect(answer.data.reply.values).toEqual({ intent: 'pay', expiry: '12/40' });
    expect(await real.orderStatus(pending?.id)).toBe('PENDING');
  });

  it('the card form’s own checks answer 400 with French messages, nothing sent to the API', async () => {
    const member = await real.member();
    const { ticket, cookie } = await cartOf(member, 1);
    const { payment } = await order(member, ticket, 1, cookie);
    const answer = (await pay({
      request: post(payment, { intent: 'pay', cardNumber: '', expiry: '13/99', cvc: '1' }),
      context: member.context(),
    } as never)) as unknown as { init: { status: number }; data: { reply: { errors: Record<string, string> } } };
    expect(answer.init.status).toBe(400);
    expect(Object.keys(answer.data.reply.errors).sort()).toEqual(['cardNumber', 'cvc', 'expiry']);
    for (const message of Object.values(answer.data.reply.errors)) expect(message).toMatch(/^[A-ZÀ-Ü«]/);
  });

  it('« Annuler et revenir au panier » cancels the order and gives its places back', async () => {
    const member = await real.member();
    const { ticket, cookie } = await cartOf(member, 3);
    const { payment, order: pending } = await order(member, ticket, 3, cookie);
    const back = (await thrown(() =>
      pay({ request: post(payment, { intent: 'cancel' }), context: member.context() } as never),
    )) as Response;
    expect(back.headers.get('Location')).toBe('/cart');
    expect(await real.orderStatus(pending?.id)).toBe('CANCELLED');
    expect(await stockOf(ticket.id)).toMatchObject({ reserved: 0, sold: 0 });
  });

  it('a price changed since the recap is said on its line, and no order is made', async () => {
    const member = await real.member();
    const { ticket, cookie } = await cartOf(member, 1);
    await real.db().update(products).set({ price: 3000 }).where(eq(products.id, ticket.id));
    const answer = (await checkout({
      request: post('/cart', orderForm(ticket, 1, 2500), cookie),
      context: member.context(),
    } as never)) as unknown as { init: { status: number }; data: { lineErrors: Record<number, string> } };
    expect(answer.init.status).toBe(409);
    expect(answer.data.lineErrors[ticket.id]).toBe(
      `Le prix de « ${ticket.name} » a changé : ${formatPrice(3000)} désormais. Vérifiez le récapitulatif avant de commander.`,
    );
    expect(await real.db().select().from(orders).where(eq(orders.userId, member.id))).toEqual([]);
  });

  it('the order form refuses a missing address or an unticked box with French messages, everything typed kept', async () => {
    const member = await real.member();
    const { ticket, cookie } = await cartOf(member, 1);
    const form = { ...orderForm(ticket, 1), city: '', acceptTerms: '' };
    const answer = (await checkout({
      request: post('/cart', form, cookie),
      context: member.context(),
    } as never)) as unknown as {
      init: { status: number };
      data: { reply: { errors: Record<string, string>; values: Record<string, unknown> } };
    };
    expect(answer.init.status).toBe(400);
    expect(Object.keys(answer.data.reply.errors).sort()).toEqual(['acceptTerms', 'city']);
    expect(answer.data.reply.values).toMatchObject({ street: billing.street, postalCode: billing.postalCode });
  });

  it('an empty cart cannot be ordered', async () => {
    const member = await real.member();
    const ticket = await real.ticket();
    const answer = (await checkout({
      request: post('/cart', orderForm(ticket, 1)),
      context: member.context(),
    } as never)) as unknown as {
      init: { status: number };
      data: { alert: string };
    };
    expect(answer.init.status).toBe(409);
    expect(answer.data.alert).toBe('Votre panier est vide.');
  });

  it('a guest posting the order form goes to the login page, nothing ordered', async () => {
    const ticket = await real.ticket();
    const redirect = (await thrown(() =>
      checkout({ request: post('/cart', orderForm(ticket, 1)), context: guest() } as never),
    )) as Response;
    expect(redirect.headers.get('Location')).toBe('/auth/login');
  });

  it('a payment link whose signature was changed is the 404 page, the order untouched', async () => {
    const buyer = await real.member();
    const { ticket, cookie } = await cartOf(buyer, 1);
    const { payment, order: pending } = await order(buyer, ticket, 1, cookie);
    // The same order, a signature of the same length with its last character changed.
    const url = new URL(payment);
    const session = url.searchParams.get('order') ?? '';
    url.searchParams.set('order', `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`);
    const tampered = url.toString();
    const error = await thrown(() =>
      pay({ request: post(tampered, { intent: 'cancel' }), context: buyer.context() } as never),
    );
    expect(error).toMatchObject({ init: { status: 404 } });
    expect(await real.orderStatus(pending?.id)).toBe('PENDING');
  });
});
