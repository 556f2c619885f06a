/**
 * THE IDOR TEST, generated from the route table: every route the app registers under /pro is collected as it is
 * registered (an onRoute hook), not listed by hand, so a route added later by any branch is held to the same rules:
 *
 * - an id of one organiser's rows reaches no one else: a member (owner) of organiser A calling a route with
 *   organiser B's id, or with A's id and B's ticketing, product, order, upload, member or invitation, gets a 404
 *   — never 200/204 nor a 403 that would confirm the row — and nothing of B changes;
 * - every /pro route with an id in its path is nested under /pro/organizers/:organizerId, where the guard is;
 * - without a token, or with the public site's token, a pro route answers 401 (the back office: 404);
 * - a scanner of A gets 403 on A's write routes, door control apart.
 *
 * The fixture makes one row of every kind a path names, for A and for B (by SQL): a new kind of id fails the test
 * loudly until it gets its row here. A route reading a body or a query needs a valid one in EXAMPLES (so that the
 * answer is the guard's, not the 400 of the door): a missing one fails loudly too.
 */

import { eq, inArray, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitations,
  memberships,
  orderItems,
  orders,
  organizers,
  products,
  refunds,
  ticketings,
  tickets,
  uploads,
  users,
} from '../../src/db/schema.js';
import { newOpaqueToken } from '../../src/services/auth/tokens.js';
import { bearer, registerUser, TEST_PASSWORD, uniqueEmail } from '../auth/support.js';
import { createTestApp, insertConcert } from '../helpers.js';
import { VALID_TICKETING_BODY } from './bodies.js';
import { addMember, newOrganizer, organizerOf, proUser, type TestContext } from './support.js';

type Route = { method: string; url: string; hasBody: boolean; hasQuery: boolean };

const routes: Route[] = [];
function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
  for (const method of methods) {
    // Fastify's HEAD twins of GET routes answer as their GET.
    // The back office's routes (one guard before anything reads the request) have a test of their own:
    // apps/api/test/admin/back-office-guard.test.ts. Its first route, the organisers' list, stays here too.
    if (method === 'HEAD' || !route.url.startsWith('/pro')) continue;
    if (ADMIN.test(route.url) && route.url !== '/pro/admin/organizers') continue;
    routes.push({
      method,
      url: route.url,
      hasBody: schema?.body !== undefined,
      hasQuery: schema?.querystring !== undefined,
    });
  }
}

const keyOf = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The routes a visitor calls without a pro session: signing up, confirming, logging in, accepting an invitation. */
const OPEN_ROUTES = new Set([
  'POST /pro/signup',
  'POST /pro/signup/confirm',
  'POST /pro/signup/resend',
  'POST /pro/session',
  'POST /pro/session/refresh',
  'POST /pro/session/logout',
  'POST /pro/invitations/accept',
]);
/** The platform administrators' back office: a route that does not exist (404) for anyone else. */
const ADMIN = /^\/pro\/admin\//;
/** Door control (issue 26): the one thing a scanner writes. */
const DOOR_CONTROL = /\/door(\/|$)/;
const ORGANIZER_PREFIX = '/pro/organizers/:organizerId';

const PRODUCT_BODY = { version: 0, title: 'Plein tarif', price: '25,50', stock: 10, quota: 4 };

/**
 * A valid body or query of each route that reads one: valid for the contract, so that what answers is the guard.
 * Values are plausible for any organiser; the ids in them are B's where an id is asked (see `bodyFor`).
 */
const EXAMPLES: Record<string, { body?: unknown; query?: Record<string, string> }> = {
  'POST /pro/signup': {
    body: {
      user: {
        firstname: 'Léa',
        lastname: 'Roux',
        email: 'idor-signup@exemple.fr',
        password: TEST_PASSWORD,
        acceptTerms: true,
      },
      organizer: newOrganizer(),
    },
  },
  'POST /pro/signup/confirm': { body: { token: 'inconnu' } },
  'POST /pro/signup/resend': { body: { email: 'personne@exemple.fr' } },
  'POST /pro/session': { body: { email: 'personne@exemple.fr', password: 'pas-le-bon' } },
  'POST /pro/session/refresh': { body: { refreshToken: 'inconnu' } },
  'POST /pro/session/logout': { body: { refreshToken: 'inconnu' } },
  'POST /pro/invitations/accept': { body: { token: 'inconnu' } },
  'POST /pro/organizers': { body: newOrganizer() },
  'PATCH /pro/organizers/:organizerId': { body: { city: 'Ailleurs', iban: 'DE89 3704 0044 0532 0130 00' } },
  'POST /pro/organizers/:organizerId/team/invitations': { body: { email: 'intrus@exemple.fr', role: 'OWNER' } },
  'PATCH /pro/organizers/:organizerId/team/members/:memberId': { body: { role: 'OWNER' } },
  'GET /pro/admin/organizers': { query: { page: '1' } },
  // Ticketings and their products (routes/pro/ticketings.ts): valid writes, so that only the guard can refuse.
  'GET /pro/organizers/:organizerId/ticketings': { query: { q: 'jazz' } },
  'POST /pro/organizers/:organizerId/ticketings': { body: VALID_TICKETING_BODY },
  'PUT /pro/organizers/:organizerId/ticketings/:ticketingId': { body: { ...VALID_TICKETING_BODY, version: 0 } },
  'POST /pro/organizers/:organizerId/ticketings/:ticketingId/status': { body: { version: 0, status: 'CANCELLED' } },
  'POST /pro/organizers/:organizerId/ticketings/:ticketingId/products': { body: PRODUCT_BODY },
  'PUT /pro/organizers/:organizerId/ticketings/:ticketingId/products': { body: { version: 0, productIds: [1] } },
  'PUT /pro/organizers/:organizerId/ticketings/:ticketingId/products/:productId': { body: PRODUCT_BODY },
  'DELETE /pro/organizers/:organizerId/ticketings/:ticketingId/products/:productId': { body: { version: 0 } },
  'GET /pro/organizers/:organizerId/venues': { query: { q: 'nantes' } },
  'GET /pro/organizers/:organizerId/performers': { query: { q: 'nouk' } },
  // Sales (routes/pro/sales.ts).
  'GET /pro/organizers/:organizerId/orders': { query: { q: 'dupont' } },
  // Door control (routes/pro/door.ts): the scope is the ticketing of the row set (`scopeKind` ticketings).
  'GET /pro/organizers/:organizerId/door/:scopeKind/:scopeId/changes': {
    query: { since: '2026-11-22T10:00:00.000Z', deviceId: 'telephone-idor' },
  },
  'POST /pro/organizers/:organizerId/door/:scopeKind/:scopeId/scan': {
    body: {
      code: '8C8R-6U2U-AAAA-BBBB-CCCC-DDDD-EEEE',
      nonce: '6f1d4a52-7c1e-4b0a-9d55-2f0e8b7c3a11',
      gate: 'A',
      deviceId: 'telephone-idor',
    },
  },
  'POST /pro/organizers/:organizerId/door/:scopeKind/:scopeId/check-ins': {
    body: {
      deviceId: 'telephone-idor',
      gate: 'A',
      checkIns: [
        {
          nonce: '0b7e2c9a-3f41-4d8e-a6b2-5c9d1e7f8a20',
          ticketId: 1,
          scannedAt: '2026-11-22T10:00:00.000Z',
          localVerdict: 'VALID',
        },
      ],
    },
  },
  // After the sale (routes/pro/refunds.ts): valid requests, so that only the guard can refuse.
  'POST /pro/organizers/:organizerId/orders/:orderId/refunds': {
    body: { requestId: '5f0c8a4e-3b1d-4c2a-9e7f-1a2b3c4d5e6f', ticketIds: [1] },
  },
  'POST /pro/organizers/:organizerId/ticketings/:ticketingId/cancel': { body: { version: 0 } },
  'POST /pro/organizers/:organizerId/ticketings/:ticketingId/postpone': {
    body: {
      version: 0,
      startsAt: '2027-06-12T18:00:00.000Z',
      endsAt: '2027-06-12T21:00:00.000Z',
      refundRequestsUntil: '2027-06-01T18:00:00.000Z',
    },
  },
};

type Rows = {
  organizerId: number;
  ticketingId: number;
  /** Door control's scope: the ticketing (`/door/ticketings/:scopeId`). */
  scopeKind: 'ticketings';
  scopeId: number;
  productId: number;
  orderId: number;
  uploadId: number;
  memberId: number;
  invitationId: number;
  /** A refund's credit note number (AV-…) of the order. */
  creditNote: number;
};

let context: TestContext;
let a: Rows;
let b: Rows;
let ownerOfA: Awaited<ReturnType<typeof proUser>>;
let scannerOfA: Awaited<ReturnType<typeof proUser>>;

/** One row of every kind a path can name, for a new organiser owned by `ownerId` (SQL, as another branch's rows). */
async function organizerRows(ownerId: number, name: string): Promise<Rows> {
  const { db } = context.database;
  const organizerId = await organizerOf(context, ownerId, name);
  const ticketing = await insertConcert(db, { title: `Concert ${name} ${organizerId}`, organizerId });
  const [product] = await db
    .insert(products)
    .values({
      productType: 'TICKET',
      ticketingId: ticketing.id,
      title: 'Plein tarif',
      price: 2500,
      quota: 10,
      stock: 100,
      sold: 1,
    })
    .returning({ id: products.id });
  const buyer = await registerUser(context.app);
  const [order] = await db
    .insert(orders)
    .values({
      reference: `GU-IDOR-${name}-${organizerId}`,
      userId: buyer.id,
      status: 'PAID',
      totalAmount: 2500,
      paidAt: new Date(),
      invoiceNumber: 900_000 + organizerId,
    })
    .returning({ id: orders.id });
  if (!product || !order) throw new Error('fixture');
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId: product.id,
      title: 'Plein tarif',
      unitPrice: 2500,
      quantity: 1,
      lineTotal: 2500,
      holderNames: ['Léa Roux'],
    })
    .returning({ id: orderItems.id });
  await db
    .insert(tickets)
    .values({ orderItemId: item?.id ?? 0, code: `IDOR${name}${organizerId}`, holderName: 'Léa Roux' });
  // A refund already made, with its credit note (the number need not follow the counter here).
  const creditNote = 900_000 + organizerId;
  await db.insert(refunds).values({
    orderId: order.id,
    organizerId,
    reason: 'ORGANIZER',
    status: 'SUCCEEDED',
    amount: 100,
    creditNoteNumber: creditNote,
    refundedAt: new Date(),
  });
  const [upload] = await db
    .insert(uploads)
    .values({ organizerId, name: `visuel-${organizerId}`, width: 1200, height: 800, uploadedBy: ownerId })
    .returning({ id: uploads.id });
  const member = await registerUser(context.app);
  await addMember(context, organizerId, member.id, 'MANAGER');
  const [invitation] = await db
    .insert(invitations)
    .values({
      organizerId,
      email: uniqueEmail('invite'),
      role: 'MANAGER',
      tokenHash: newOpaqueToken().tokenHash,
      expiresAt: sql`now() + interval '7 days'`,
    })
    .returning({ id: invitations.id });
  if (!upload || !invitation) throw new Error('fixture');
  return {
    organizerId,
    ticketingId: ticketing.id,
    scopeKind: 'ticketings',
    scopeId: ticketing.id,
    productId: product.id,
    orderId: order.id,
    uploadId: upload.id,
    memberId: member.id,
    invitationId: invitation.id,
    creditNote,
  };
}

/** Everything of organiser B, to compare before and after each call. */
async function snapshot(rows: Rows) {
  const { db } = context.database;
  const ticketingIds = db
    .select({ id: ticketings.id })
    .from(ticketings)
    .where(eq(ticketings.organizerId, rows.organizerId));
  return JSON.stringify(
    await Promise.all([
      db.select().from(organizers).where(eq(organizers.id, rows.organizerId)),
      db.select().from(memberships).where(eq(memberships.organizerId, rows.organizerId)).orderBy(memberships.userId),
      db.select().from(invitations).where(eq(invitations.organizerId, rows.organizerId)).orderBy(invitations.id),
      db.select().from(ticketings).where(eq(ticketings.organizerId, rows.organizerId)).orderBy(ticketings.id),
      db.select().from(products).where(inArray(products.ticketingId, ticketingIds)).orderBy(products.id),
      db.select().from(orders).where(eq(orders.id, rows.orderId)),
      db.select().from(orderItems).where(eq(orderItems.orderId, rows.orderId)),
      db.select().from(refunds).where(eq(refunds.orderId, rows.orderId)).orderBy(refunds.id),
      db.select().from(uploads).where(eq(uploads.organizerId, rows.organizerId)).orderBy(uploads.id),
      db.select({ id: users.id, role: users.platformAdmin }).from(users).where(eq(users.id, rows.memberId)),
    ]),
  );
}

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

/** The route's path with each id taken from `rows` (organizerId from `organizer`): an unknown name fails loudly. */
function pathFor(route: Route, organizer: Rows, rows: Rows): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'organizerId') return String(organizer.organizerId);
    if (!(name in rows))
      throw new Error(`${keyOf(route)}: no row for :${name} — add one of its kind to the IDOR test's fixture`);
    return String(rows[name as keyof Rows]);
  });
}

function requestFor(route: Route, organizer: Rows, rows: Rows, headers: Record<string, string>) {
  const example = EXAMPLES[keyOf(route)];
  if (route.hasBody && example?.body === undefined)
    throw new Error(`${keyOf(route)} reads a body: add a valid one to EXAMPLES in the IDOR test`);
  const query = new URLSearchParams(example?.query ?? {}).toString();
  return context.app.inject({
    method: route.method as 'GET',
    url: `${pathFor(route, organizer, rows)}${query ? `?${query}` : ''}`,
    headers,
    ...(example?.body === undefined ? {} : { payload: example.body as object }),
  });
}

beforeAll(async () => {
  context = await createTestApp({ onRoute: collect });
  ownerOfA = await proUser(context);
  scannerOfA = await proUser(context);
  const ownerOfB = await proUser(context);
  a = await organizerRows(ownerOfA.id, 'A');
  b = await organizerRows(ownerOfB.id, 'B');
  await addMember(context, a.organizerId, scannerOfA.id, 'SCANNER');
});
afterAll(async () => {
  await context.close();
});

const underOrganizer = () => routes.filter((route) => route.url.startsWith(`${ORGANIZER_PREFIX}`));

describe('the pro route table', () => {
  it('is read from the app, and holds the organiser routes', () => {
    expect(routes.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET /pro/me',
        'GET /pro/organizers/:organizerId',
        'GET /pro/organizers/:organizerId/team',
      ]),
    );
  });

  it('names every id under /pro/organizers/:organizerId, with the shared names', () => {
    for (const route of routes) {
      const ids = paramsOf(route.url);
      if (ids.length === 0) continue;
      expect(route.url.startsWith(`${ORGANIZER_PREFIX}/`) || route.url === ORGANIZER_PREFIX, keyOf(route)).toBe(true);
      expect(
        ids.filter((name) => name === 'organizerId'),
        keyOf(route),
      ).toHaveLength(1);
      for (const name of ids) expect(Object.keys(b), `${keyOf(route)}: :${name}`).toContain(name);
    }
  });

  it('has a valid example of every body and query it reads', () => {
    for (const route of routes) {
      if (route.hasBody) expect(EXAMPLES[keyOf(route)]?.body, `${keyOf(route)} body`).toBeDefined();
    }
  });
});

describe('a member of organiser A, with organiser B’s ids', () => {
  it('gets 404 on every route of B, and nothing of B changes', async () => {
    expect(underOrganizer().length).toBeGreaterThan(0);
    for (const route of underOrganizer()) {
      const before = await snapshot(b);
      const response = await requestFor(route, b, b, ownerOfA.headers);
      expect(response.statusCode, `${keyOf(route)} → ${response.body.slice(0, 200)}`).toBe(404);
      expect(await snapshot(b), `${keyOf(route)} changed B`).toBe(before);
    }
  });

  it('gets 404 on A’s routes given B’s ticketing, product, order, upload, member or invitation', async () => {
    for (const route of underOrganizer().filter((candidate) => paramsOf(candidate.url).length > 1)) {
      const before = await snapshot(b);
      const response = await requestFor(route, a, b, ownerOfA.headers);
      expect(response.statusCode, `${keyOf(route)} → ${response.body.slice(0, 200)}`).toBe(404);
      expect(await snapshot(b), `${keyOf(route)} changed B`).toBe(before);
    }
  });
});

describe('who is calling', () => {
  it('without a token, or with the public site’s token, every pro route but the open ones is a 401', async () => {
    const visitor = await registerUser(context.app);
    for (const route of routes.filter((candidate) => !OPEN_ROUTES.has(keyOf(candidate)))) {
      for (const headers of [{}, bearer(visitor.tokens.accessToken), bearer(ownerOfA.tokens.accessToken)]) {
        const response = await requestFor(route, a, a, headers);
        const expected = ADMIN.test(route.url) ? 404 : 401;
        expect(response.statusCode, `${keyOf(route)} → ${response.body.slice(0, 200)}`).toBe(expected);
      }
    }
  });

  it('a scanner of A uses A’s door control, reads and writes', async () => {
    const door = underOrganizer().filter((route) => DOOR_CONTROL.test(route.url));
    expect(door.length).toBeGreaterThanOrEqual(5);
    for (const route of door) {
      const response = await requestFor(route, a, a, scannerOfA.headers);
      expect(response.statusCode, `${keyOf(route)} → ${response.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('a scanner of A gets 403 on A’s write routes, door control apart', async () => {
    const writes = underOrganizer().filter((route) => route.method !== 'GET' && !DOOR_CONTROL.test(route.url));
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const before = await snapshot(a);
      const response = await requestFor(route, a, a, scannerOfA.headers);
      expect(response.statusCode, `${keyOf(route)} → ${response.body.slice(0, 200)}`).toBe(403);
      expect(await snapshot(a), `${keyOf(route)} changed A`).toBe(before);
    }
  });
});
