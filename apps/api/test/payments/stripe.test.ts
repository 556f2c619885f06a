/**
 * The Stripe provider without the network: webhooks are signed here with the SDK's own test signer, and
 * the client's HTTP goes to a fake fetch that records each request and answers what Stripe would.
 */
import { ERROR_CODES, PAYMENT_MESSAGES, STRIPE_WEBHOOK_MESSAGES } from '@guichet/contracts';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products, users } from '../../src/db/schema.js';
import { isTransientConflict, isTransientDatabaseError } from '../../src/lib/transient.js';
import { signAccessToken } from '../../src/services/auth/tokens.js';
import type { PayableOrder } from '../../src/services/payments/provider.js';
import { InvalidNotificationError } from '../../src/services/payments/provider.js';
import { orderLinks } from '../../src/services/payments/signatures.js';
import { stripeProvider } from '../../src/services/payments/stripe-provider.js';
import { bearer } from '../auth/support.js';
import { createTestApp, createTestDatabase, insertConcert } from '../helpers.js';
import { CHECKOUT_FORM } from '../orders/checkout-support.js';

const SECRET_KEY = 'sk_test_guichet';
const WEBHOOK_SECRET = 'whsec_guichet_test_secret';
const SITE_URL = 'https://guichet.example';
const WEBHOOK_URL = '/payments/stripe/webhook';

type Captured = { url: string; method: string; headers: Record<string, string>; form: URLSearchParams };

/** A Stripe client whose every call lands in `requests` and is answered `answer`: no network. */
function fakeStripe(answer: (request: Captured) => unknown) {
  const requests: Captured[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    // Headers, pairs or a record alike: lower-cased names, as on the wire.
    const headers = Object.fromEntries(new Headers(init?.headers));
    const request: Captured = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    };
    requests.push(request);
    return new Response(JSON.stringify(answer(request)), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': `req_${requests.length}` },
    });
  }) as typeof fetch;
  const client = new Stripe(SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(fakeFetch), maxNetworkRetries: 0 });
  return { client, requests };
}

function provider(client = fakeStripe(() => ({})).client) {
  return stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    siteUrl: SITE_URL,
    links: orderLinks('x'.repeat(32)),
    client,
  });
}

/** A Checkout Session as Stripe sends it in an event (the fields we read, and a few we do not). */
function session(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_test_a1',
    object: 'checkout.session',
    mode: 'payment',
    amount_total: 9000,
    currency: 'eur',
    client_reference_id: '42',
    metadata: { orderId: '42', reference: 'GUI-2026-000042' },
    payment_intent: 'pi_test_42',
    payment_status: 'paid',
    status: 'complete',
    ...overrides,
  };
}

function eventPayload(type: string, object: Record<string, unknown>, id = 'evt_test_1') {
  return JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, data: { object } });
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

describe('Stripe webhook parsing', () => {
  it('reads a paid checkout.session.completed as the order’s successful payment', () => {
    const payload = eventPayload('checkout.session.completed', session());
    expect(provider().parseWebhook(Buffer.from(payload), sign(payload))).toEqual({
      provider: 'stripe',
      eventId: 'evt_test_1',
      providerPaymentId: 'pi_test_42',
      orderId: 42,
      amount: 9000,
      currency: 'EUR',
      outcome: 'SUCCEEDED',
    });
  });

  it('takes the order from client_reference_id when metadata has none, and an expanded payment intent', () => {
    const payload = eventPayload(
      'checkout.session.async_payment_succeeded',
      session({
        metadata: {},
        client_reference_id: '7',
        payment_intent: { id: 'pi_test_7', object: 'payment_intent' },
      }),
      'evt_test_2',
    );
    expect(provider().parseWebhook(Buffer.from(payload), sign(payload))).toMatchObject({
      eventId: 'evt_test_2',
      providerPaymentId: 'pi_test_7',
      orderId: 7,
      outcome: 'SUCCEEDED',
    });
  });

  it('reads async_payment_failed as a declined payment, with the French message', () => {
    const payload = eventPayload('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }));
    expect(provider().parseWebhook(Buffer.from(payload), sign(payload))).toMatchObject({
      outcome: 'FAILED',
      orderId: 42,
      failureMessage: PAYMENT_MESSAGES.declined,
    });
    expect(PAYMENT_MESSAGES.declined).toBe('Paiement refusé par votre banque.');
  });

  it('ignores what it must not act on: a session not yet paid, another integration’s session, other events', () => {
    const cases = [
      eventPayload('checkout.session.completed', session({ payment_status: 'unpaid' })),
      eventPayload('checkout.session.completed', session({ metadata: {}, client_reference_id: null })),
      eventPayload('checkout.session.completed', session({ metadata: { orderId: '12abc' } })),
      eventPayload('checkout.session.expired', session({ payment_status: 'unpaid' })),
      eventPayload('charge.succeeded', { id: 'ch_1', object: 'charge' }),
    ];
    for (const payload of cases) expect(provider().parseWebhook(Buffer.from(payload), sign(payload))).toBeNull();
  });

  it('refuses a wrong secret, a tampered body, a missing header and a stale signature', () => {
    const payload = eventPayload('checkout.session.completed', session());
    const stale = Math.floor(Date.now() / 1000) - 301;
    const refused: [Buffer, string | undefined][] = [
      [Buffer.from(payload), sign(payload, { secret: 'whsec_not_ours' })],
      [Buffer.from(payload.replace('9000', '1')), sign(payload)],
      [Buffer.from(payload), undefined],
      [Buffer.from(payload), sign(payload, { timestamp: stale })],
    ];
    for (const [body, header] of refused)
      expect(() => provider().parseWebhook(body, header)).toThrow(InvalidNotificationError);
    // Just inside the 5 minutes, the same event is accepted.
    const recent = Math.floor(Date.now() / 1000) - 240;
    expect(provider().parseWebhook(Buffer.from(payload), sign(payload, { timestamp: recent }))).not.toBeNull();
  });
});

describe('POST /payments/stripe/webhook', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    context = await createTestApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  });
  afterAll(async () => {
    await context.close();
  });

  const post = (payload: string, headers: Record<string, string>) =>
    context.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      payload,
    });

  it('is served by the Stripe provider the environment names', () => {
    expect(context.app.payments.name).toBe('stripe');
    expect(ERROR_CODES).toContain('INVALID_SIGNATURE');
  });

  it('answers 400 INVALID_SIGNATURE to a wrong secret, a tampered body, no header or a stale timestamp', async () => {
    const payload = eventPayload('checkout.session.completed', session());
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    const attempts = [
      post(payload, { 'stripe-signature': sign(payload, { secret: 'whsec_someone_else' }) }),
      post(payload.replace('"amount_total":9000', '"amount_total":1'), { 'stripe-signature': sign(payload) }),
      post(payload, {}),
      post(payload, { 'stripe-signature': sign(payload, { timestamp: stale }) }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'INVALID_SIGNATURE',
        message: STRIPE_WEBHOOK_MESSAGES.invalidSignature,
      });
    }
    expect(STRIPE_WEBHOOK_MESSAGES.invalidSignature).toBe('Signature de notification invalide.');
  });

  it('verifies the bytes as sent: the same JSON re-spaced no longer matches its signature', async () => {
    const payload = eventPayload('checkout.session.completed', session());
    const respaced = JSON.stringify(JSON.parse(payload), null, 2);
    const response = await post(respaced, { 'stripe-signature': sign(payload) });
    expect(response.statusCode).toBe(400);
  });

  it('acknowledges an event type it does not act on with 200', async () => {
    const payload = eventPayload('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_ignored');
    const response = await post(payload, { 'stripe-signature': sign(payload) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it('keeps the JSON parser of every other route (the raw-body parser is the webhook’s alone)', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{ not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is described in /openapi.json', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths[WEBHOOK_URL] ?? {})).toEqual(['post']);
  });

  it('answers 404 ROUTE_NOT_FOUND when the provider is not Stripe', async () => {
    const demo = await createTestApp();
    try {
      const payload = eventPayload('checkout.session.completed', session());
      const response = await demo.app.inject({
        method: 'POST',
        url: WEBHOOK_URL,
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        payload,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    } finally {
      await demo.close();
    }
  });
});

describe('Stripe Checkout and refunds', () => {
  const order: PayableOrder = {
    id: 42,
    reference: 'GUI-2026-000042',
    totalAmount: 9000,
    currency: 'EUR',
    email: 'camille@example.fr',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    lines: [
      { title: 'Nuit du jazz — Fosse', unitPrice: 3500, quantity: 2 },
      { title: 'Brunch au Caveau', unitPrice: 2000, quantity: 1 },
    ],
  };
  const checkoutAnswer = {
    id: 'cs_test_a1',
    object: 'checkout.session',
    url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
  };

  it('opens one Checkout Session per order, in cents, under the order’s idempotency key', async () => {
    const { client, requests } = fakeStripe(() => checkoutAnswer);
    const before = Math.floor(Date.now() / 1000);
    expect(await provider(client).startPayment(order)).toEqual({ url: checkoutAnswer.url });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(request?.headers['idempotency-key']).toBe('order-42-checkout');
    const form = request?.form ?? new URLSearchParams();
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '3500',
      'line_items[0][price_data][product_data][name]': 'Nuit du jazz — Fosse',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '2000',
      client_reference_id: '42',
      'metadata[orderId]': '42',
      'payment_intent_data[metadata][orderId]': '42',
      customer_email: 'camille@example.fr',
      success_url: `${SITE_URL}/account/orders/42?paid=1`,
      cancel_url: `${SITE_URL}/cart`,
    });
    // Stripe refuses a session expiring in less than 30 minutes.
    expect(Number(form.get('expires_at'))).toBeGreaterThanOrEqual(before + 30 * 60);
  });

  it('sends the same parameters when asked again for the same order, so Stripe replays the same session', async () => {
    const { client, requests } = fakeStripe(() => checkoutAnswer);
    await provider(client).startPayment(order);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await provider(client).startPayment(order);
    expect(requests[1]?.form.toString()).toBe(requests[0]?.form.toString());
    expect(requests[1]?.headers['idempotency-key']).toBe(requests[0]?.headers['idempotency-key']);
  });

  it('leaves the e-mail to Stripe’s page when the order has none', async () => {
    const { client, requests } = fakeStripe(() => checkoutAnswer);
    await provider(client).startPayment({ ...order, email: '' });
    expect(requests[0]?.form.has('customer_email')).toBe(false);
  });

  it('never opens a session whose lines do not add up to the order’s total', async () => {
    const { client, requests } = fakeStripe(() => checkoutAnswer);
    await expect(provider(client).startPayment({ ...order, totalAmount: 8999 })).rejects.toThrow(/add up/);
    expect(requests).toHaveLength(0);
  });

  it('refunds the payment intent once per order', async () => {
    const { client, requests } = fakeStripe(() => ({ id: 're_1', object: 'refund', status: 'succeeded' }));
    const answer = await provider(client).refund({
      providerPaymentId: 'pi_test_42',
      amount: 9000,
      idempotencyKey: 'order-42-refund-pi_test_42',
    });
    expect(answer).toEqual({ providerRefundId: 're_1' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('https://api.stripe.com/v1/refunds');
    expect(requests[0]?.headers['idempotency-key']).toBe('order-42-refund-pi_test_42');
    expect(Object.fromEntries(requests[0]?.form ?? [])).toEqual({ payment_intent: 'pi_test_42', amount: '9000' });
  });

  it('sends a refund of ours under its own key with its id in the metadata, first attempt straight away', async () => {
    const { client, requests } = fakeStripe(() => ({ id: 're_7', object: 'refund', status: 'succeeded' }));
    const answer = await provider(client).refund({
      providerPaymentId: 'pi_test_42',
      amount: 2500,
      idempotencyKey: 'guichet-refund-7',
      refundId: 7,
      attempts: 0,
    });
    expect(answer).toEqual({ providerRefundId: 're_7' });
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /v1/refunds',
    ]);
    expect(requests[0]?.headers['idempotency-key']).toBe('guichet-refund-7');
    expect(Object.fromEntries(requests[0]?.form ?? [])).toEqual({
      payment_intent: 'pi_test_42',
      amount: '2500',
      'metadata[refundId]': '7',
    });
  });

  it('looks for the refund an earlier attempt made before retrying, and never makes it twice', async () => {
    const listed = (refunds: unknown[]) => ({ object: 'list', url: '/v1/refunds', has_more: false, data: refunds });
    const made = { id: 're_earlier', object: 'refund', status: 'succeeded', metadata: { refundId: '7' } };
    const other = { id: 're_other', object: 'refund', status: 'succeeded', metadata: { refundId: '8' } };
    const found = fakeStripe((request) => (request.method === 'GET' ? listed([other, made]) : { id: 're_new' }));
    const retry = { providerPaymentId: 'pi_test_42', amount: 2500, idempotencyKey: 'guichet-refund-7', refundId: 7 };
    expect(await provider(found.client).refund({ ...retry, attempts: 1 })).toEqual({ providerRefundId: 're_earlier' });
    expect(found.requests).toHaveLength(1);
    const listUrl = new URL(found.requests[0]?.url ?? '');
    expect(`${found.requests[0]?.method} ${listUrl.pathname}`).toBe('GET /v1/refunds');
    expect(listUrl.searchParams.get('payment_intent')).toBe('pi_test_42');

    // Not made yet (the earlier attempt failed before Stripe had it): made now, under the same key.
    const missing = fakeStripe((request) =>
      request.method === 'GET' ? listed([other]) : { id: 're_new', object: 'refund', status: 'succeeded' },
    );
    expect(await provider(missing.client).refund({ ...retry, attempts: 1 })).toEqual({ providerRefundId: 're_new' });
    expect(missing.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(missing.requests[1]?.headers['idempotency-key']).toBe('guichet-refund-7');
  });
});

describe('transient database errors', () => {
  it('counts a deadlock, a serialization failure and a lost database as worth a retry, not a bad query', async () => {
    expect(isTransientConflict({ code: '40P01' })).toBe(true);
    expect(isTransientConflict(new Error('wrapped', { cause: { code: '40001' } }))).toBe(true);
    expect(isTransientDatabaseError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientDatabaseError(new AggregateError([Object.assign(new Error(), { code: 'ECONNRESET' })]))).toBe(
      true,
    );
    expect(isTransientDatabaseError({ code: '57P01' })).toBe(true);

    const { database, dispose } = await createTestDatabase();
    const syntax = await database.db.execute(sql`selec 1`).catch((error: unknown) => error);
    expect(isTransientDatabaseError(syntax)).toBe(false);
    await dispose();
    const gone = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(Error);
    expect(isTransientDatabaseError(gone)).toBe(true);
  });
});

describe('a Stripe payment, from the order to its confirmation', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let stripe: ReturnType<typeof fakeStripe>;
  let headers: Record<string, string>;
  let productId: number;

  beforeAll(async () => {
    stripe = fakeStripe((request) =>
      request.url.endsWith('/refunds')
        ? { id: 're_1', object: 'refund', status: 'succeeded' }
        : { id: 'cs_test_e2e', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_e2e' },
    );
    context = await createTestApp({
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      payments: provider(stripe.client),
    });
    const { db } = context.database;
    const ticketing = await insertConcert(db, { title: 'Nuit du jazz' });
    const [product] = await db
      .insert(products)
      .values({
        productType: 'TICKET',
        ticketingId: ticketing?.id ?? 0,
        title: 'Fosse',
        price: 3500,
        quota: 10,
        stock: 50,
        position: 1,
      })
      .returning({ id: products.id });
    productId = product?.id ?? 0;
    const [user] = await db
      .insert(users)
      .values({ firstname: 'Camille', lastname: 'Martin', email: 'camille@exemple.fr', passwordHash: 'jamais-utilisé' })
      .returning({ id: users.id });
    const id = user?.id ?? 0;
    headers = bearer(await signAccessToken(context.env.JWT_SECRET, { id, firstname: 'Camille', sessionVersion: 0 }));
  });
  afterAll(async () => {
    await context.close();
  });

  async function placeOrder(quantity: number) {
    const cart = await context.app.inject({
      method: 'POST',
      url: '/public/carts',
      headers,
      payload: { cartItems: [{ quantity, product: { productID: productId, productType: 'TICKET' } }] },
    });
    expect(cart.statusCode).toBe(201);
    const { cartID } = cart.json<{ cartID: string }>();
    const response = await context.app.inject({
      method: 'POST',
      url: '/orders',
      headers,
      payload: { cartID, ...CHECKOUT_FORM },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ orderID: number; totalAmount: number; paymentUrl: string }>();
  }

  const notify = (type: string, object: Record<string, unknown>, eventId: string) => {
    const payload = eventPayload(type, object, eventId);
    return context.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      payload,
    });
  };

  async function orderRow(id: number) {
    const [row] = await context.database.db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  it('sends the buyer to the order’s Checkout Session, and a signed completion pays the order once', async () => {
    const order = await placeOrder(2);
    expect(order.paymentUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_e2e');
    const created = stripe.requests.at(-1);
    expect(created?.headers['idempotency-key']).toBe(`order-${order.orderID}-checkout`);
    expect(created?.form.get('metadata[orderId]')).toBe(String(order.orderID));
    expect(created?.form.get('line_items[0][price_data][unit_amount]')).toBe('3500');
    expect(created?.form.get('customer_email')).toBe('camille@exemple.fr');

    const paid = session({
      client_reference_id: String(order.orderID),
      metadata: { orderId: String(order.orderID) },
      amount_total: order.totalAmount,
      payment_intent: 'pi_e2e_paid',
    });
    // The same event delivered several times at once, as Stripe may: one payment, the order paid once.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => notify('checkout.session.completed', paid, 'evt_e2e_paid')),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true });
    }
    expect(await orderRow(order.orderID)).toMatchObject({
      status: 'PAID',
      paymentProvider: 'stripe',
      paymentReference: 'pi_e2e_paid',
    });
    const recorded = await context.database.db.select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(recorded).toMatchObject([{ provider: 'stripe', providerPaymentId: 'pi_e2e_paid', status: 'SUCCEEDED' }]);
  });

  it('records a declined delayed payment and leaves the order payable', async () => {
    const order = await placeOrder(1);
    const declined = session({
      client_reference_id: String(order.orderID),
      metadata: { orderId: String(order.orderID) },
      amount_total: order.totalAmount,
      payment_intent: 'pi_e2e_declined',
      payment_status: 'unpaid',
    });
    const response = await notify('checkout.session.async_payment_failed', declined, 'evt_e2e_declined');
    expect(response.statusCode).toBe(200);
    expect((await orderRow(order.orderID))?.status).toBe('PENDING');
    const recorded = await context.database.db.select().from(payments).where(eq(payments.orderId, order.orderID));
    expect(recorded).toMatchObject([{ status: 'FAILED', failureMessage: PAYMENT_MESSAGES.declined }]);
  });

  it('refunds through Stripe, under the payment’s own key, a payment whose amount is not the order’s', async () => {
    const order = await placeOrder(1);
    const wrong = session({
      client_reference_id: String(order.orderID),
      metadata: { orderId: String(order.orderID) },
      amount_total: order.totalAmount - 1,
      payment_intent: 'pi_e2e_wrong',
    });
    const response = await notify('checkout.session.completed', wrong, 'evt_e2e_wrong');
    expect(response.statusCode).toBe(200);
    const refund = stripe.requests.at(-1);
    expect(refund?.url).toBe('https://api.stripe.com/v1/refunds');
    expect(refund?.headers['idempotency-key']).toBe(`order-${order.orderID}-refund-pi_e2e_wrong`);
    expect(refund?.form.get('payment_intent')).toBe('pi_e2e_wrong');
    expect((await orderRow(order.orderID))?.status).toBe('PENDING');
  });

  it('answers 503 when the database is out of reach, so that Stripe delivers the event again', async () => {
    const gone = await createTestApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    await gone.disposeDatabase();
    const payload = eventPayload('checkout.session.completed', session(), 'evt_e2e_gone');
    const response = await gone.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      payload,
    });
    await gone.app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: STRIPE_WEBHOOK_MESSAGES.busy,
    });
  });
});
