/**
 * On a PostgreSQL server only: a ticketing with 5,000 paid orders (CANCEL_ORDERS) is cancelled, and the API
 * process is killed (SIGKILL) while its worker is refunding them, then started again. The new process resumes
 * the job where it was: every order refunded exactly once at the (demo) bank, every refund SUCCEEDED with its
 * credit note, numbered without a gap, no ticket of the ticketing left valid, and every buyer mailed at least
 * once — at most a few twice (a mail sent and not yet marked when the process died), never zero.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.js';
import { memberships, products, users } from '../src/db/schema.js';
import { audienceSecret, signAccessToken } from '../src/services/auth/tokens.js';
import { CLAIM_BATCH } from '../src/services/refunds/worker.js';
import { insertConcert } from '../test/helpers.js';
import { type ApiProcess, startApiProcess, stopApiProcess, URL_OF_SERVER } from './api-process.js';

const SCHEMA = `test_${randomBytes(6).toString('hex')}`;
const JWT_SECRET = randomBytes(32).toString('base64url');
const ORDERS = Number(process.env.CANCEL_ORDERS ?? 5_000);
/** Killed once this many are refunded: well into the job, far from its end. */
const KILL_AFTER = Math.floor(ORDERS * 0.4);
const PRICE = 2500;
const OUTBOX = `/tmp/guichet-outbox-${SCHEMA}`;

let database: DatabaseHandle;
let server: ApiProcess;

beforeAll(async () => {
  server = await startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET });
  database = await openDatabase({ url: URL_OF_SERVER, schemaName: SCHEMA });
}, 120_000);

afterAll(async () => {
  if (server) await stopApiProcess(server);
  await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`));
  await database?.close();
}, 60_000);

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: number }>(database.db, query))[0]?.n ?? 0);

/** `ORDERS` buyers, each with one paid order of one ticket, written by SQL as checkouts would leave them. */
async function paidOrders(ticketingId: number, productId: number) {
  const { db } = database;
  await db.execute(sql`INSERT INTO "user" (firstname, lastname, email, password_hash)
    SELECT 'Sacha', 'Acheteur ' || i, 'annule-' || i || '@exemple.fr', 'jamais-utilisé' FROM generate_series(1, ${ORDERS}) i`);
  await db.execute(sql`INSERT INTO "order" (reference, user_id, status, total_amount, payment_provider, payment_reference)
    SELECT 'GU-KILL-' || u.id, u.id, 'PENDING', ${PRICE}, 'demo', 'pay-kill-' || u.id
    FROM "user" u WHERE u.email LIKE 'annule-%'`);
  await db.execute(sql`INSERT INTO order_item (order_id, product_id, title, unit_price, quantity, line_total, vat_rate, holder_names)
    SELECT o.id, ${productId}, 'Plein tarif', ${PRICE}, 1, ${PRICE}, 550, '["Sacha Acheteur"]'::jsonb
    FROM "order" o WHERE o.reference LIKE 'GU-KILL-%'`);
  await db.execute(sql`INSERT INTO ticket (order_item_id, code, holder_name)
    SELECT oi.id, 'KILL' || oi.id, 'Sacha Acheteur' FROM order_item oi WHERE oi.product_id = ${productId}`);
  // Paid in one statement, as the payment's transaction would: the sales triggers count them.
  await db.execute(sql`UPDATE "order" SET status = 'PAID', paid_at = now(), invoice_number = id
    WHERE reference LIKE 'GU-KILL-%'`);
  await db.execute(sql`UPDATE product SET sold = ${ORDERS} WHERE id = ${productId}`);
  expect(await count(sql`SELECT count(*)::int AS n FROM "order" WHERE status = 'PAID'`)).toBe(ORDERS);
  return ticketingId;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a cancellation whose API process is killed half-way', () => {
  it('refunds every order exactly once after a restart, numbers every credit note, mails every buyer', {
    timeout: 900_000,
  }, async () => {
    const { db } = database;
    const ticketing = await insertConcert(db, { title: 'Soirée annulée' });
    const [product] = await db
      .insert(products)
      .values({
        productType: 'TICKET',
        ticketingId: ticketing.id,
        title: 'Plein tarif',
        price: PRICE,
        quota: 4,
        stock: ORDERS,
      })
      .returning({ id: products.id });
    await paidOrders(ticketing.id, product?.id ?? 0);
    const [owner] = await db
      .insert(users)
      .values({
        firstname: 'Margaux',
        lastname: 'Pro',
        email: 'pro-annule@exemple.fr',
        passwordHash: 'jamais-utilisé',
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    await db.insert(memberships).values({ organizerId: ticketing.organizerId, userId: owner?.id ?? 0, role: 'OWNER' });
    const token = await signAccessToken(audienceSecret(JWT_SECRET, 'PRO'), {
      id: owner?.id ?? 0,
      firstname: 'Margaux',
      sessionVersion: 0,
    });
    const [{ version } = { version: 0 }] = await rowsOf<{ version: number }>(
      db,
      sql`SELECT version FROM ticketing WHERE id = ${ticketing.id}`,
    );

    const cancelled = await fetch(
      `${server.base}/pro/organizers/${ticketing.organizerId}/ticketings/${ticketing.id}/cancel`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ version, message: 'Le lieu est fermé par arrêté.' }),
      },
    );
    expect(cancelled.status).toBe(202);

    const succeeded = sql`SELECT count(*)::int AS n FROM refund WHERE status = 'SUCCEEDED'`;
    await until(async () => (await count(succeeded)) >= KILL_AFTER, 600_000, `${KILL_AFTER} refunds`);
    await stopApiProcess(server, 'SIGKILL');
    const atKill = await count(succeeded);
    expect(atKill).toBeLessThan(ORDERS);

    server = await startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET });
    await until(
      async () =>
        (await count(sql`SELECT count(*)::int AS n FROM refund_job WHERE finished_at IS NOT NULL`)) === 1 &&
        (await count(sql`SELECT count(*)::int AS n FROM refund WHERE mail_sent_at IS NULL`)) === 0,
      600_000,
      'the job and its mails',
    );

    // The bank: one refund per order, of its amount, never two.
    expect(await count(sql`SELECT count(*)::int AS n FROM demo_refund`)).toBe(ORDERS);
    expect(await count(sql`SELECT count(DISTINCT provider_payment_id)::int AS n FROM demo_refund`)).toBe(ORDERS);
    expect(await count(sql`SELECT count(*)::int AS n FROM demo_refund WHERE amount <> ${PRICE}`)).toBe(0);
    // Every refund made, each with its credit note, 1…ORDERS without a gap.
    expect(await count(sql`SELECT count(*)::int AS n FROM refund WHERE status = 'SUCCEEDED'`)).toBe(ORDERS);
    const [numbers] = await rowsOf<{ low: number; high: number; distinct: number }>(
      db,
      sql`SELECT min(credit_note_number)::int AS low, max(credit_note_number)::int AS high,
          count(DISTINCT credit_note_number)::int AS distinct FROM refund`,
    );
    expect(numbers).toEqual({ low: 1, high: ORDERS, distinct: ORDERS });
    expect(await count(sql`SELECT last AS n FROM credit_note_counter`)).toBe(ORDERS);
    expect(await count(sql`SELECT count(*)::int AS n FROM ticket WHERE revoked_at IS NULL`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM "order" WHERE status <> 'REFUNDED'`)).toBe(0);

    // The mails: every buyer at least once; a duplicate only for what was in flight when the process died.
    const previews = (await readdir(OUTBOX)).filter((name) => name.endsWith('.json'));
    const recipients = new Map<string, number>();
    for (const name of previews) {
      const mail = JSON.parse(await readFile(`${OUTBOX}/${name}`, 'utf8')) as { to: string; subject: string };
      if (mail.subject === 'Annulé : Soirée annulée — vous êtes remboursé')
        recipients.set(mail.to, (recipients.get(mail.to) ?? 0) + 1);
    }
    expect(recipients.size).toBe(ORDERS);
    const sent = [...recipients.values()].reduce((sum, times) => sum + times, 0);
    expect(sent).toBeLessThanOrEqual(ORDERS + CLAIM_BATCH);
  });
});
