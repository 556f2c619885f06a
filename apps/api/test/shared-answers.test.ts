/**
 * The answers every visitor shares, served again from memory (plugins/shared-answers.ts) only while the data
 * version (migration 0013's triggers, services/data-version.ts) stays the one they were computed under.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, organizers, pageViews, products, ticketings } from '../src/db/schema.js';
import { readDataVersion } from '../src/services/data-version.js';
import { createTestApp, insertConcert } from './helpers.js';

type Context = Awaited<ReturnType<typeof createTestApp>>;
let context: Context;
let ticketingID: number;

// The poll is a minute away: only this process's own writes and the reads the tests make can move the version on.
beforeAll(async () => {
  context = await createTestApp({ env: { API_CACHE_TTL_MS: '60000', DATA_VERSION_POLL_MS: '60000' } });
  ticketingID = (await insertConcert(context.database.db, { title: 'Les Nuits du cache' })).id;
});
afterAll(async () => {
  await context.close();
});

const getTicketing = (app = context.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/ticketings/${ticketingID}`, headers });

const rename = (title: string) =>
  context.database.db.update(ticketings).set({ title }).where(eq(ticketings.id, ticketingID));

describe('shared answers', () => {
  it('serves the same bytes again without computing them', async () => {
    const first = await getTicketing();
    // The first answer may have been computed before the first version read had finished.
    const second = await getTicketing();
    const third = await getTicketing();
    expect(first.statusCode).toBe(200);
    expect(third.headers['x-shared-answer']).toBe('hit');
    expect(third.body).toBe(second.body);
    expect(third.headers['content-type']).toBe(second.headers['content-type']);
  });

  it('drops an answer once a write of this process has moved the data version on', async () => {
    await getTicketing();
    await getTicketing();
    await rename('Les Nuits du cache, nouvelle date');
    // Straight in the database: this process does not know yet (its next poll is a minute away).
    expect((await getTicketing()).json().title).toBe('Les Nuits du cache');
    // Any write it serves reads the version again before answering.
    const view = await context.app.inject({
      method: 'POST',
      url: `/ticketing/${ticketingID}/count/view`,
      headers: { 'x-public-token': context.app.config.PUBLIC_API_TOKEN },
      payload: { source: 'DIRECT' },
    });
    expect(view.statusCode).toBe(204);
    const after = await getTicketing();
    expect(after.headers['x-shared-answer']).toBeUndefined();
    expect(after.json().title).toBe('Les Nuits du cache, nouvelle date');
  });

  it('sees the changes of other processes at its next read of the version', async () => {
    const { app, close } = await createTestApp({ env: { API_CACHE_TTL_MS: '60000', DATA_VERSION_POLL_MS: '50' } });
    try {
      const { id } = await insertConcert(app.database.db, { title: 'Le Bal des versions' });
      const get = () => app.inject({ method: 'GET', url: `/ticketings/${id}` });
      await get();
      await get();
      expect((await get()).headers['x-shared-answer']).toBe('hit');
      await app.database.db
        .update(ticketings)
        .set({ title: 'Le Bal des versions (complet)' })
        .where(eq(ticketings.id, id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await get()).json().title).toBe('Le Bal des versions (complet)');
    } finally {
      await close();
    }
  });

  it('never answers from memory, nor keeps the answer, of a request with a member’s token', async () => {
    await getTicketing();
    await getTicketing();
    const withToken = await getTicketing(context.app, { authorization: 'Bearer abc.def.ghi' });
    expect(withToken.headers['x-shared-answer']).toBeUndefined();
  });

  it('keeps only 200 answers: a malformed request is checked every time', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await context.app.inject({ method: 'GET', url: '/ticketings/abc' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-shared-answer']).toBeUndefined();
    }
  });

  it('stops serving an answer after its lifetime', async () => {
    const { app, close } = await createTestApp({ env: { API_CACHE_TTL_MS: '100', DATA_VERSION_POLL_MS: '60000' } });
    try {
      const get = () => app.inject({ method: 'GET', url: '/countries' });
      await get();
      await get();
      expect((await get()).headers['x-shared-answer']).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await get()).headers['x-shared-answer']).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('is off with API_CACHE_TTL_MS=0', async () => {
    const { app, close } = await createTestApp({ env: { API_CACHE_TTL_MS: '0' } });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await app.inject({ method: 'GET', url: '/countries' })).headers['x-shared-answer']).toBeUndefined();
      }
    } finally {
      await close();
    }
  });
});

describe('the data version', () => {
  const version = async () => BigInt(await readDataVersion(context.database.db));

  it('moves on with every change of a table behind public pages, holds and sales included', async () => {
    const db = context.database.db;
    let before = await version();
    await rename('Les Nuits du cache, troisième date');
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await db
      .update(products)
      .set({ reserved: sql`${products.reserved}` })
      .where(eq(products.ticketingId, ticketingID));
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await db.update(organizers).set({ city: 'Villeurbanne' }).where(sql`false`);
    // A statement that changes no row still counts: the version only ever says « maybe changed ».
    expect(await version()).toBeGreaterThan(before);
  });

  it('stays put for data no public page shows: carts and page views', async () => {
    const db = context.database.db;
    const before = await version();
    await db.insert(carts).values({}).returning({ id: carts.id });
    await db.delete(cartItems).where(sql`false`);
    await db.delete(pageViews).where(sql`false`);
    expect(await version()).toBe(before);
  });

  it('is readable by the web servers at GET /data-version', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/data-version' });
    expect(response.statusCode).toBe(200);
    expect(BigInt(response.json().version)).toBe(await version());
  });
});
