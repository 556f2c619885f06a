import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageViews, ticketings } from '../../src/db/schema.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { freezeClock } from './catalogue-data.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let draftId: number;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  token = context.app.config.PUBLIC_API_TOKEN;
  const { db } = context.database;
  const [draft] = await db
    .update(ticketings)
    .set({ status: 'DRAFT' })
    .where(eq(ticketings.id, 10))
    .returning({ id: ticketings.id });
  draftId = draft?.id ?? 0;
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

function view(path: string, source: unknown, headers: Record<string, string> = { 'x-public-token': token }) {
  return context.app.inject({ method: 'POST', url: path, headers, payload: { source } });
}

async function views(ticketingId: number, source: string, day = '2026-11-22') {
  const rows = await context.database.db
    .select({ views: pageViews.views })
    .from(pageViews)
    .where(and(eq(pageViews.ticketingId, ticketingId), eq(pageViews.source, source), eq(pageViews.day, day)));
  return rows[0]?.views ?? 0;
}

describe('POST /:product/:ticketingID/count/view', () => {
  it('counts a view per ticketing, source and Paris day, answering 204 without a body', async () => {
    const first = await view('/ticketing/1/count/view', 'DIRECT');
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(await views(1, 'DIRECT')).toBe(1);
    expect((await view('/ticketing/1/count/view', 'DIRECT')).statusCode).toBe(204);
    expect(await views(1, 'DIRECT')).toBe(2);

    expect((await view('/ticketing/1/count/view', 'NEWSLETTER')).statusCode).toBe(204);
    expect((await view('/ticketing/1/count/view', 'facebook')).statusCode).toBe(204);
    expect((await view('/ticketing/2/count/view', 'DIRECT')).statusCode).toBe(204);
    expect(await views(1, 'NEWSLETTER')).toBe(1);
    expect(await views(1, 'FACEBOOK')).toBe(1);
    expect(await views(2, 'DIRECT')).toBe(1);
    expect(await views(1, 'DIRECT')).toBe(2);
  });

  it('counts nothing for the pro site’s own preview of an embed, answering as for a view', async () => {
    for (const source of ['apercu-pro', 'APERCU-PRO']) {
      expect((await view('/ticketing/4/count/view', source)).statusCode).toBe(204);
    }
    const rows = await context.database.db.select().from(pageViews).where(eq(pageViews.ticketingId, 4));
    expect(rows).toEqual([]);
    expect((await view(`/ticketing/${draftId}/count/view`, 'apercu-pro')).statusCode).toBe(404);
  });

  it('loses no view when many arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => view('/ticketing/3/count/view', 'SMS')));
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(await views(3, 'SMS')).toBe(25);
  });

  it('uses the Paris day: 23:30 UTC on 22 November counts for the 23rd', async () => {
    vi.setSystemTime(new Date('2026-11-22T23:30:00Z'));
    try {
      expect((await view('/ticketing/1/count/view', 'NIGHT')).statusCode).toBe(204);
    } finally {
      freezeClock();
    }
    expect(await views(1, 'NIGHT', '2026-11-23')).toBe(1);
    expect(await views(1, 'NIGHT', '2026-11-22')).toBe(0);
  });

  it('answers 401 without the public token or with a wrong one, counting nothing', async () => {
    const before = await views(1, 'DIRECT');
    const attempts: [string, Record<string, string>][] = [
      ['no header', {}],
      ['an empty header', { 'x-public-token': '' }],
      ['another word', { 'x-public-token': 'mauvais' }],
      // The token is compared over its whole length: neither a prefix nor a longer token with the right start will do.
      ['the token minus its last character', { 'x-public-token': token.slice(0, -1) }],
      ['the token minus its first character', { 'x-public-token': token.slice(1) }],
      ['its first character only', { 'x-public-token': token.slice(0, 1) }],
      ['the token and one more character', { 'x-public-token': `${token}x` }],
      ['the token twice', { 'x-public-token': token + token }],
    ];
    expect(token.length).toBeGreaterThan(8);
    for (const [label, headers] of attempts) {
      const response = await view('/ticketing/1/count/view', 'DIRECT', headers);
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toEqual({
        statusCode: 401,
        code: 'PUBLIC_TOKEN_INVALID',
        message: 'Jeton public invalide.',
      });
    }
    expect(await views(1, 'DIRECT')).toBe(before);
  });

  it('answers 404 for an unknown or draft ticketing and for another product', async () => {
    for (const path of [
      '/ticketing/999999/count/view',
      `/ticketing/${draftId}/count/view`,
      '/ticketing/0/count/view',
    ]) {
      const response = await view(path, 'DIRECT');
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Billetterie introuvable.' });
    }
    const offer = await view('/offer/1/count/view', 'DIRECT');
    expect(offer.statusCode).toBe(404);
    expect(offer.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Produit inconnu.' });
    const rows = await context.database.db.select().from(pageViews).where(eq(pageViews.ticketingId, draftId));
    expect(rows).toEqual([]);
  });

  it('answers 400 for a missing or malformed source', async () => {
    for (const source of ['', 'face book', 'a'.repeat(65), 'é', 42, undefined]) {
      const response = await view('/ticketing/1/count/view', source);
      expect(validationIssues(response), String(source)).toEqual([expect.objectContaining({ path: ['source'] })]);
    }
    const notAnId = await view('/ticketing/abc/count/view', 'DIRECT');
    expect(validationIssues(notAnId, 'params')).toEqual([expect.objectContaining({ path: ['ticketingID'] })]);
  });
});
