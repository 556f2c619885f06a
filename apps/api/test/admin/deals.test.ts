/**
 * The back office's deals (issue 27): an administrator creates a partner, an offer and its products, publishes,
 * pauses and ends it; the public search, the offer page and the cart follow at once; every write leaves its
 * audit row; bad input is a 4xx with a French message.
 */
import type { AdminOffer, AdminPartner, Cart, OffersSearchPage } from '@guichet/contracts';
import { DEAL_MESSAGES, FORM_MESSAGES, formatMessage } from '@guichet/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, offers, partners, products } from '../../src/db/schema.js';
import { createOfferProduct } from '../../src/services/admin/deals-offers.js';
import { createTestApp } from '../helpers.js';
import { adminUser } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let headers: Record<string, string>;
let editorId: number;

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  context.app.inject({
    method,
    url: `/pro/admin/deals${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function ok<T>(response: Awaited<ReturnType<typeof admin>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const partnerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Comptoir Zéphyrin',
  address: '4 rue des Tanneurs, 67000 Strasbourg',
  city: 'Strasbourg',
  contactName: 'Inès Roussel',
  contactEmail: 'ines@comptoir-zephyrin.example.fr',
  contactPhone: '03 88 00 11 22',
  ...overrides,
});

const offerBody = (partnerId: number, overrides: Record<string, unknown> = {}) => ({
  title: 'Dîner découverte chez Zéphyrin',
  summary: 'Un menu en cinq plats autour des produits d’Alsace.',
  description: doc('Cinq plats, un verre de vin, le chef en salle.'),
  terms: doc('Sur réservation, du mardi au samedi.'),
  category: 'Restaurants',
  city: 'Strasbourg',
  partnerId,
  validFrom: day(-1),
  validUntil: day(60),
  featured: false,
  ...overrides,
});

const productBody = (updatedAt: string, overrides: Record<string, unknown> = {}) => ({
  updatedAt,
  title: 'Menu pour deux',
  price: '89,00',
  discountType: 'PERCENTAGE',
  discount: '30',
  stock: 20,
  quota: 4,
  vatRate: 1000,
  ...overrides,
});

async function search(q: string): Promise<OffersSearchPage> {
  const response = await context.app.inject({ method: 'GET', url: `/offers/search?${new URLSearchParams({ q })}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OffersSearchPage;
}

async function addToCart(productID: number): Promise<Cart> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/public/carts',
    payload: { cartItems: [{ quantity: 1, product: { productID, productType: 'OFFER' } }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Cart;
}

const auditRows = (entity: string, entityId: number) =>
  context.database.db
    .select({ action: auditLog.action, userId: auditLog.userId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity as 'OFFER'), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  context = await createTestApp();
  const editor = await adminUser(context);
  headers = editor.headers;
  editorId = editor.id;
});
afterAll(async () => {
  await context.close();
});

describe('a deal from the back office to the public site', () => {
  let partner: AdminPartner;
  let offer: AdminOffer;
  let productId: number;

  it('creates a partner, an offer in draft and a PERCENTAGE product', async () => {
    partner = await ok<AdminPartner>(await admin('POST', '/partners', partnerBody()), 201);
    expect(partner).toMatchObject({ name: 'Comptoir Zéphyrin', contactPhone: '0388001122', offerCount: 0 });
    offer = await ok<AdminOffer>(await admin('POST', '/offers', offerBody(partner.id)), 201);
    expect(offer).toMatchObject({
      status: 'DRAFT',
      slug: 'diner-decouverte-chez-zephyrin',
      citySlug: 'strasbourg',
      partner: 'Comptoir Zéphyrin',
      partnerId: partner.id,
      validUntil: day(60),
    });
    offer = await ok<AdminOffer>(
      await admin('POST', `/offers/${offer.id}/products`, productBody(offer.updatedAt)),
      201,
    );
    expect(offer.products).toMatchObject([
      { title: 'Menu pour deux', price: 8900, discountType: 'PERCENTAGE', discount: 30, stock: 20, quota: 4 },
    ]);
    productId = offer.products[0]?.id ?? 0;
  });

  it('keeps a draft out of the search, off its page and out of carts', async () => {
    expect((await search('diner decouverte zephyrin')).items).toEqual([]);
    const page = await context.app.inject({ method: 'GET', url: `/offers/${offer.id}` });
    expect(page.statusCode).toBe(404);
    const cart = await addToCart(productId);
    expect(cart.cartItems).toEqual([]);
    expect(cart.adjustments).toMatchObject([{ productID: productId, code: 'UNAVAILABLE' }]);
  });

  it('publishes it: the search finds it without accents, and a cart takes it', async () => {
    offer = await ok<AdminOffer>(
      await admin('POST', `/offers/${offer.id}/status`, { status: 'PUBLISHED', updatedAt: offer.updatedAt }),
    );
    expect(offer.status).toBe('PUBLISHED');
    const found = await search('diner decouverte');
    expect(found.items.map((item) => item.offerID)).toContain(offer.id);
    expect(found.facets.categories.map((facet) => facet.value)).toContain('Restaurants');
    const cart = await addToCart(productId);
    expect(cart.cartItems).toMatchObject([{ productID: productId, quantity: 1, lineTotal: 6230 }]);
  });

  it('renames the partner: its offers carry the new name, and the search reads it', async () => {
    partner = await ok<AdminPartner>(
      await admin('PUT', `/partners/${partner.id}`, partnerBody({ name: 'Comptoir Zéphyrin & Fils' })),
    );
    expect(partner.offerCount).toBe(1);
    const [row] = await context.database.db
      .select({ partner: offers.partner })
      .from(offers)
      .where(eq(offers.id, offer.id));
    expect(row?.partner).toBe('Comptoir Zéphyrin & Fils');
    expect((await search('zephyrin fils')).items.map((item) => item.offerID)).toContain(offer.id);
    offer = await ok<AdminOffer>(await admin('GET', `/offers/${offer.id}`));
  });

  it('pauses it: out of the search, nothing on sale on its page, refused by carts', async () => {
    offer = await ok<AdminOffer>(
      await admin('POST', `/offers/${offer.id}/status`, { status: 'PAUSED', updatedAt: offer.updatedAt }),
    );
    expect((await search('diner decouverte')).items.map((item) => item.offerID)).not.toContain(offer.id);
    const page = await context.app.inject({ method: 'GET', url: `/offers/${offer.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ ended: true, products: [{ productID: productId, quota: 0 }] });
    const cart = await addToCart(productId);
    expect(cart.cartItems).toEqual([]);
    expect(cart.adjustments).toMatchObject([{ productID: productId, reason: 'NOT_ON_SALE' }]);
  });

  it('refuses a write naming an older stamp (409), and overwrites nothing', async () => {
    const stale = await admin('PUT', `/offers/${offer.id}`, {
      ...offerBody(partner.id, { title: 'Titre perdu' }),
      updatedAt: '2026-01-01T00:00:00.000000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT', message: DEAL_MESSAGES.editConflict });
    expect((await ok<AdminOffer>(await admin('GET', `/offers/${offer.id}`))).title).toBe(offer.title);
  });

  it('never lets the stock go below what is sold and held', async () => {
    await context.database.db.update(products).set({ sold: 5, reserved: 2 }).where(eq(products.id, productId));
    const refused = await admin(
      'PUT',
      `/offers/${offer.id}/products/${productId}`,
      productBody(offer.updatedAt, { stock: 6 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toMatchObject([
      { path: ['stock'], message: formatMessage(DEAL_MESSAGES.stockBelowSold, 7) },
    ]);
    offer = await ok<AdminOffer>(
      await admin('PUT', `/offers/${offer.id}/products/${productId}`, productBody(offer.updatedAt, { stock: 7 })),
    );
    expect(offer.products[0]).toMatchObject({ stock: 7, sold: 5, reserved: 2 });
    const sold = await admin('DELETE', `/offers/${offer.id}/products/${productId}`, { updatedAt: offer.updatedAt });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({ code: 'PRODUCT_SOLD' });
  });

  it('ends it early: its validity stops now, the search and carts drop it, and it is never published again', async () => {
    offer = await ok<AdminOffer>(
      await admin('POST', `/offers/${offer.id}/status`, { status: 'PUBLISHED', updatedAt: offer.updatedAt }),
    );
    const before = Date.now();
    offer = await ok<AdminOffer>(
      await admin('POST', `/offers/${offer.id}/status`, { status: 'ENDED', updatedAt: offer.updatedAt }),
    );
    expect(offer.status).toBe('ENDED');
    expect(new Date(offer.validUntilAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(offer.validUntilAt).getTime()).toBeGreaterThan(before - 60_000);
    expect((await search('diner decouverte')).items.map((item) => item.offerID)).not.toContain(offer.id);
    expect((await addToCart(productId)).cartItems).toEqual([]);
    const again = await admin('POST', `/offers/${offer.id}/status`, {
      status: 'PUBLISHED',
      updatedAt: offer.updatedAt,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
  });

  it('wrote an audit row for every change, by the administrator', async () => {
    expect((await auditRows('PARTNER', partner.id)).map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
    const offerActions = (await auditRows('OFFER', offer.id)).map((row) => row.action);
    expect(offerActions).toEqual(['CREATE', 'PUBLISH', 'PAUSE', 'PUBLISH', 'END']);
    const productRows = await auditRows('PRODUCT', productId);
    expect(productRows.map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
    expect(new Set([...productRows].map((row) => row.userId))).toEqual(new Set([editorId]));
  });

  it('lists and searches partners and offers', async () => {
    const partnersPage = await ok<{ items: AdminPartner[]; total: number }>(await admin('GET', '/partners?q=zephyrin'));
    expect(partnersPage.items.map((item) => item.id)).toEqual([partner.id]);
    const ended = await ok<{ items: { id: number }[] }>(await admin('GET', '/offers?status=ENDED&q=decouverte'));
    expect(ended.items.map((item) => item.id)).toEqual([offer.id]);
    const drafts = await ok<{ items: { id: number }[] }>(await admin('GET', '/offers?status=DRAFT&q=decouverte'));
    expect(drafts.items).toEqual([]);
  });
});

describe('a publication without a product', () => {
  it('is refused', async () => {
    const partner = await ok<AdminPartner>(
      await admin('POST', '/partners', partnerBody({ name: 'Sans produit' })),
      201,
    );
    const offer = await ok<AdminOffer>(await admin('POST', '/offers', offerBody(partner.id)), 201);
    const response = await admin('POST', `/offers/${offer.id}/status`, {
      status: 'PUBLISHED',
      updatedAt: offer.updatedAt,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: DEAL_MESSAGES.publishWithoutProduct });
  });
});

describe('bad input', () => {
  let partnerId: number;
  let offer: AdminOffer;
  beforeAll(async () => {
    partnerId = (await ok<AdminPartner>(await admin('POST', '/partners', partnerBody({ name: 'Bad Input' })), 201)).id;
    offer = await ok<AdminOffer>(await admin('POST', '/offers', offerBody(partnerId)), 201);
  });

  const refusedWith = async (response: Awaited<ReturnType<typeof admin>>, path: string, message?: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const issue = (response.json().issues as { path: (string | number)[]; message: string }[]).find(
      (candidate) => candidate.path.join('.') === path,
    );
    expect(issue, response.body).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
  };

  it('refuses NUL bytes, huge strings, dates out of the calendar and unknown categories', async () => {
    await refusedWith(await admin('POST', '/offers', offerBody(partnerId, { title: 'Dîner\u0000' })), 'title');
    await refusedWith(
      await admin('POST', '/offers', offerBody(partnerId, { summary: 'x'.repeat(100_000) })),
      'summary',
    );
    await refusedWith(
      await admin('POST', '/offers', offerBody(partnerId, { validFrom: '0000-01-01' })),
      'validFrom',
      FORM_MESSAGES.dateBefore,
    );
    await refusedWith(
      await admin('POST', '/offers', offerBody(partnerId, { validUntil: day(-3) })),
      'validUntil',
      DEAL_MESSAGES.validUntilBeforeFrom,
    );
    await refusedWith(
      await admin('POST', '/offers', offerBody(partnerId, { category: 'Concert' })),
      'category',
      DEAL_MESSAGES.category,
    );
    await refusedWith(
      await admin('POST', '/offers', offerBody(partnerId, { description: doc('a\u0000') })),
      'description',
    );
    await refusedWith(await admin('POST', '/offers', offerBody(999_999)), 'partnerId', DEAL_MESSAGES.partnerNotFound);
    await refusedWith(
      await admin('POST', '/partners', partnerBody({ contactEmail: 'pas-une-adresse' })),
      'contactEmail',
    );
    await refusedWith(
      await admin('POST', '/partners', partnerBody({ name: 'Bad Input' })),
      'name',
      DEAL_MESSAGES.partnerNameTaken,
    );
    await refusedWith(await admin('POST', '/partners', partnerBody({ organizerId: 999_999 })), 'organizerId');
  });

  it('refuses a discount beyond the price or 100 %, a quota below 1 and a VAT rate not in the list', async () => {
    const at = offer.updatedAt;
    const url = `/offers/${offer.id}/products`;
    await refusedWith(
      await admin('POST', url, productBody(at, { discount: '101' })),
      'discount',
      DEAL_MESSAGES.percentageAbove100,
    );
    await refusedWith(
      await admin('POST', url, productBody(at, { discountType: 'FIXED', discount: '90' })),
      'discount',
      DEAL_MESSAGES.discountAbovePrice,
    );
    await refusedWith(await admin('POST', url, productBody(at, { quota: 0 })), 'quota');
    await refusedWith(await admin('POST', url, productBody(at, { vatRate: 1234 })), 'vatRate');
    await refusedWith(await admin('POST', url, productBody(at, { price: '-3' })), 'price');
  });

  it('answers the database’s own check on the discount as a 400 in French, never a 500', async () => {
    const write = createOfferProduct(context.database.db, { id: editorId }, offer.id, {
      ...productBody(offer.updatedAt),
      price: 1000,
      discountType: 'PERCENTAGE',
      discount: 150,
      vatRate: 1000,
      stock: 1,
      quota: 1,
    });
    await expect(write).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const [count] = await context.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.offerId, offer.id));
    expect(count?.n).toBe(0);
  });

  it('answers 404 to ids that name no row, and 400 to empty bodies', async () => {
    expect((await admin('GET', '/offers/999999')).statusCode).toBe(404);
    expect((await admin('GET', '/partners/999999')).statusCode).toBe(404);
    expect((await admin('PUT', '/partners/999999', partnerBody({ name: 'Personne' }))).statusCode).toBe(404);
    expect((await admin('POST', '/offers/999999/status', { status: 'PAUSED', updatedAt: 'x' })).statusCode).toBe(404);
    expect((await admin('PUT', `/offers/${offer.id}/products/999999`, productBody(offer.updatedAt))).statusCode).toBe(
      404,
    );
    for (const url of ['/partners', '/offers', `/offers/${offer.id}/products`, `/offers/${offer.id}/status`]) {
      expect((await admin('POST', url, {})).statusCode).toBe(400);
    }
    expect((await admin('POST', `/offers/${offer.id}/visuals`, {})).statusCode).toBe(415);
  });
});

describe('the demo seed', () => {
  it('gives every deal its partner row', async () => {
    const seeded = await createTestApp({ seed: true });
    try {
      const [orphans] = await seeded.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(offers)
        .where(
          sql`${offers.partnerId} IS NULL OR ${offers.partner} <> (SELECT name FROM ${partners} WHERE id = ${offers.partnerId})`,
        );
      expect(orphans?.n).toBe(0);
      const [count] = await seeded.database.db.select({ n: sql<number>`count(*)::int` }).from(partners);
      expect(count?.n).toBeGreaterThan(20);
    } finally {
      await seeded.close();
    }
  });
});
