/**
 * Le Mag's back office (issue 27, docs/decisions/0070): an administrator writes an article, links a
 * ticketing, publishes it — Le Mag lists it and the article shows the ticketing's card; a draft and a
 * scheduled article stay hidden; a link to the site's own origin is stored as a path; bad input is a 4xx.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminArticle, ArticleDetail, ArticlesPage } from '@guichet/contracts';
import { renderRichText } from '@guichet/domain';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { freezeClock, NOW } from '../catalogue/catalogue-data.js';
import { createTestApp } from '../helpers.js';
import type { TestContext } from '../pro/support.js';
import { adminUser } from './support.js';

let context: TestContext;
let headers: Record<string, string>;
let ticketing: { id: number; title: string };
const SITE = 'http://localhost:3000';

const linkTo = (text: string, href: string) => ({
  type: 'text',
  text,
  marks: [{ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: 'link' } }],
});
const bodyWith = (...inlines: unknown[]) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Le programme' }] },
    { type: 'paragraph', content: inlines },
  ],
});

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Un hiver en musique',
  summary: 'Les concerts à ne pas manquer.',
  author: 'La rédaction',
  category: 'Musique',
  body: bodyWith({ type: 'text', text: 'Bonne lecture.' }),
  ...overrides,
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  context.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(overrides: Record<string, unknown> = {}): Promise<AdminArticle> {
  const response = await send('POST', '/pro/admin/magazine/articles', input(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const publicList = async (): Promise<ArticlesPage> => (await context.app.inject('/articles?pageSize=60')).json();

const uploadsDir = mkdtempSync(join(tmpdir(), 'guichet-mag-uploads-'));

beforeAll(async () => {
  context = await createTestApp({ seed: true, env: { UPLOADS_DIR: uploadsDir } });
  freezeClock();
  headers = (await adminUser(context)).headers;
  const [row] = await context.database.db
    .select({ id: schema.ticketings.id, title: schema.ticketings.title })
    .from(schema.ticketings)
    .where(
      and(
        eq(schema.ticketings.status, 'PUBLISHED'),
        sql`${schema.ticketings.endsAt} > ${NOW.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  if (!row) throw new Error('Le jeu de démonstration doit avoir une billetterie à venir.');
  ticketing = row;
});
afterAll(async () => {
  await context.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

function coverUpload(articleId: number, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('alt', 'La scène, de nuit');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'couverture');
  return context.app.inject({
    method: 'POST',
    url: `/pro/admin/magazine/articles/${articleId}/cover`,
    headers,
    payload: form,
  });
}

describe('Le Mag back office', () => {
  it('publishes an article linking a ticketing: Le Mag lists it and the article shows its card', async () => {
    const draft = await create({ ticketingIds: [ticketing.id] });
    expect(draft).toMatchObject({ status: 'DRAFT', slug: 'un-hiver-en-musique', scheduled: false });
    expect(draft.ticketings.map((choice) => choice.id)).toEqual([ticketing.id]);
    // A draft is nowhere on the public site.
    expect((await publicList()).items.map((item) => item.slug)).not.toContain(draft.slug);
    expect((await context.app.inject(`/articles/${draft.slug}`)).statusCode).toBe(404);

    const published = await send('POST', `/pro/admin/magazine/articles/${draft.id}/status`, { status: 'PUBLISHED' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await publicList()).items.map((item) => item.slug)).toContain(draft.slug);
    const page = await context.app.inject(`/articles/${draft.slug}`);
    expect(page.statusCode, page.body).toBe(200);
    const article: ArticleDetail = page.json();
    expect(article.linked.ticketings.map((card) => card.id)).toEqual([ticketing.id]);

    const audit = await context.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'ARTICLE'), eq(schema.auditLog.entityId, draft.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['CREATE', 'PUBLISH']);
  });

  it('keeps a scheduled article out of Le Mag until its date', async () => {
    const scheduled = await create({
      title: 'À paraître la semaine prochaine',
      status: 'PUBLISHED',
      publishedAt: { date: '2026-11-29', time: '09:00' },
    });
    expect(scheduled.scheduled).toBe(true);
    expect((await publicList()).items.map((item) => item.slug)).not.toContain(scheduled.slug);
    expect((await context.app.inject(`/articles/${scheduled.slug}`)).statusCode).toBe(404);
    const sitemap = await context.app.inject('/sitemap');
    expect(sitemap.body).not.toContain(scheduled.slug);
  });

  it('stores a link to the site’s own origin as a path, opened in the same tab; others stay absolute', async () => {
    const created = await create({
      title: 'Liens internes',
      status: 'PUBLISHED',
      seoTitle: 'Titre pour les moteurs',
      body: bodyWith(
        linkTo('la billetterie', `${SITE}/billetterie/concert-${ticketing.id}?x=1`),
        { type: 'text', text: ' et ' },
        linkTo('ailleurs', 'https://ailleurs.example/page'),
      ),
    });
    const [row] = await context.database.db.select().from(schema.articles).where(eq(schema.articles.id, created.id));
    const hrefs = JSON.stringify(row?.body);
    expect(hrefs).toContain(`"href":"/billetterie/concert-${ticketing.id}?x=1"`);
    expect(hrefs).toContain('"href":"https://ailleurs.example/page"');
    // The editor gets the absolute address back (its link box takes https://…).
    expect(JSON.stringify(created.body)).toContain(`${SITE}/billetterie/concert-${ticketing.id}?x=1`);

    const article: ArticleDetail = (await context.app.inject(`/articles/${created.slug}`)).json();
    expect(article.seo.title).toBe('Titre pour les moteurs');
    // The body's link to a ticketing still shows its card (after the chosen ones: none here).
    expect(article.linked.ticketings.map((card) => card.id)).toEqual([ticketing.id]);
    const html = renderRichText(article.body, { sitePaths: true });
    expect(html).toContain(`<a class="link" href="/billetterie/concert-${ticketing.id}?x=1">la billetterie</a>`);
    expect(html).toContain('href="https://ailleurs.example/page" target="_blank"');
    // Without the option (a ticketing's text, an e-mail), a path is no link.
    expect(renderRichText(article.body)).not.toContain('href="/billetterie');
  });

  it('redirects the old address of a published article renamed', async () => {
    const created = await create({ title: 'Ancien titre', status: 'PUBLISHED' });
    const renamed = await send('PUT', `/pro/admin/magazine/articles/${created.id}`, {
      ...input({ title: 'Nouveau titre', status: 'PUBLISHED' }),
      slug: 'nouveau-titre',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [redirect] = await context.database.db
      .select()
      .from(schema.redirects)
      .where(eq(schema.redirects.source, '/magazine/ancien-titre'));
    expect(redirect?.target).toBe('/magazine/nouveau-titre');
  });

  it('takes a cover image checked by its content, and refuses what is no image', async () => {
    const created = await create({ title: 'Avec couverture' });
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const stored = await coverUpload(created.id, png, 'image/png');
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().visual).toMatchObject({ alt: 'La scène, de nuit', url: expect.stringMatching(/^\/media\//) });
    // A text file named as an image is refused by its content; the cover stays.
    const refused = await coverUpload(created.id, Buffer.from('pas une image'), 'image/png');
    expect(refused.statusCode).toBe(415);
    const removed = await send('DELETE', `/pro/admin/magazine/articles/${created.id}/cover`);
    expect(removed.json().visual).toBeNull();
    expect((await coverUpload(2_000_000_000, png, 'image/png')).statusCode).toBe(404);
  });

  it('lists, searches and deletes', async () => {
    const created = await create({ title: 'Article à supprimer' });
    const found = await send('GET', '/pro/admin/magazine/articles?q=supprimer');
    expect(found.json().items.map((item: { id: number }) => item.id)).toEqual([created.id]);
    expect((await send('DELETE', `/pro/admin/magazine/articles/${created.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/pro/admin/magazine/articles/${created.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/pro/admin/magazine/articles/${created.id}`)).statusCode).toBe(404);
    const catalogue = await send('GET', `/pro/admin/magazine/catalogue?q=${encodeURIComponent(ticketing.title)}`);
    expect(catalogue.json().ticketings.map((choice: { id: number }) => choice.id)).toContain(ticketing.id);
  });

  it.each([
    ['a NUL byte in the title', { title: 'Un\u0000titre' }],
    ['a huge body', { body: bodyWith({ type: 'text', text: 'x'.repeat(30_000) }) }],
    [
      'a heading of level 5',
      {
        body: {
          type: 'doc',
          content: [{ type: 'heading', attrs: { level: 5 }, content: [{ type: 'text', text: 'Trop bas' }] }],
        },
      },
    ],
    ['a javascript: link', { body: bodyWith(linkTo('clic', 'javascript:alert(1)')) }],
    ['a site path to another host', { body: bodyWith(linkTo('clic', '//evil.example/x')) }],
    ['a category out of the list', { category: 'Brèves' }],
    ['a date of year 0', { publishedAt: { date: '0000-01-01', time: '10:00' } }],
    ['an unknown ticketing', { ticketingIds: [2_000_000_000] }],
    ['a slug of another shape', { slug: 'Pas Une Adresse' }],
  ])('refuses %s with a 4xx and a French message', async (_, overrides) => {
    const before = await context.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.articles);
    const response = await send('POST', '/pro/admin/magazine/articles', input(overrides));
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toMatch(/[a-zé]/);
    const after = await context.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.articles);
    expect(after).toEqual(before);
  });
});
