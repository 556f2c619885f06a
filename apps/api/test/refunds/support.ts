/** Shared by the refund suites: pro members, the refund worker run to the end, the outbox, an offer to buy. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { memberships, offers, products, users } from '../../src/db/schema.js';
import { audienceSecret, signAccessToken } from '../../src/services/auth/tokens.js';
import { runRefundsUntilIdle } from '../../src/services/refunds/worker.js';
import { bearer } from '../auth/support.js';
import { ctx } from '../orders/checkout-support.js';

/** A pro session's bearer for a new confirmed user, member of `organizer` with `role` (none: a stranger to it). */
export async function proMember(organizer: number, role?: 'OWNER' | 'MANAGER' | 'SCANNER') {
  const { db } = ctx().database;
  const [user] = await db
    .insert(users)
    .values({
      firstname: 'Margaux',
      lastname: 'Pro',
      email: `pro-${randomUUID()}@exemple.fr`,
      passwordHash: 'jamais-utilisé',
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user');
  if (role) await db.insert(memberships).values({ organizerId: organizer, userId: user.id, role });
  const secret = audienceSecret(ctx().env.JWT_SECRET, 'PRO');
  return bearer(await signAccessToken(secret, { id: user.id, firstname: 'Margaux', sessionVersion: 0 }));
}

export async function organizerOf(ticketingId: number): Promise<number> {
  const [row] = await rowsOf<{ organizer_id: number }>(
    ctx().database.db,
    sql`SELECT organizer_id FROM ticketing WHERE id = ${ticketingId}`,
  );
  return row?.organizer_id ?? 0;
}

/** What the API's kick started, then the worker until nothing is left: every refund done and mailed. */
export async function settle() {
  const { app, database } = ctx();
  await app.background.idle();
  await runRefundsUntilIdle({
    db: database.db,
    payments: app.payments,
    mailer: app.mailer,
    links: app.orderLinks,
    siteUrl: app.config.SITE_URL,
  });
  await app.background.idle();
}

export type OutboxMessage = { id: string; to: string; subject: string; attachments?: string[] };

/** Every mail of the outbox sent to `to`, after the background work. */
export async function mailsTo(to: string): Promise<(OutboxMessage & { text: string })[]> {
  await ctx().app.background.idle();
  const list = await ctx().app.inject({ method: 'GET', url: '/dev/outbox' });
  const found = list.json<{ messages: OutboxMessage[] }>().messages.filter((message) => message.to === to);
  return Promise.all(
    found.map(async (message) => {
      const full = await ctx().app.inject({ method: 'GET', url: `/dev/outbox/${message.id}` });
      return full.json<OutboxMessage & { text: string }>();
    }),
  );
}

export const newRequestId = () => randomUUID();

export async function emailOf(userId: number): Promise<string> {
  const [row] = await rowsOf<{ email: string }>(ctx().database.db, sql`SELECT email FROM "user" WHERE id = ${userId}`);
  return row?.email ?? '';
}

/** A deal of a partner with one product on sale now (a voucher is issued per unit, as tickets are). */
export async function insertOfferProduct(price = 4000) {
  const { db } = ctx().database;
  const [offer] = await db
    .insert(offers)
    .values({
      slug: `atelier-${randomUUID().slice(0, 8)}`,
      title: 'Atelier poterie',
      summary: 'Deux heures au tour.',
      description: { type: 'doc', content: [] },
      category: 'Loisirs',
      city: 'Lyon',
      citySlug: 'lyon',
      partner: 'La Terre Cuite',
      validFrom: new Date(Date.now() - 86_400_000),
      validUntil: new Date(Date.now() + 90 * 86_400_000),
    })
    .returning({ id: offers.id });
  const [product] = await db
    .insert(products)
    .values({
      productType: 'OFFER',
      offerId: offer?.id ?? 0,
      title: 'Atelier pour un',
      price,
      quota: 10,
      stock: 50,
    })
    .returning({ id: products.id });
  expect(product).toBeDefined();
  return product?.id ?? 0;
}

/** A ticket's id of an order, as the pro order page lists them. */
export async function ticketIdsOf(orderId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    ctx().database.db,
    sql`SELECT k.id FROM ticket k JOIN order_item oi ON oi.id = k.order_item_id WHERE oi.order_id = ${orderId} ORDER BY k.id`,
  );
  return rows.map((row) => row.id);
}

/** The attachment `filename` of outbox message `id`, decoded from its .eml (base64, as nodemailer writes it). */
export async function outboxAttachment(id: string, filename: string): Promise<Buffer> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const eml = await readFile(join(ctx().env.MAIL_OUTBOX_DIR, `${id}.eml`), 'utf8');
  const start =
    eml.indexOf(`filename=${filename}`) >= 0
      ? eml.indexOf(`filename=${filename}`)
      : eml.indexOf(`filename="${filename}"`);
  if (start < 0) throw new Error(`${filename} not attached to ${id}`);
  const body = eml.slice(eml.indexOf('\n\n', start) + 2);
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\s+/g, ''), 'base64');
}
