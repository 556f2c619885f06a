/**
 * Builds the real API on a fresh database for one test file: in-memory PGlite by default, or a new
 * schema of the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorIssue } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { organizers, ticketings } from '../src/db/schema.js';
import { parseEnv } from '../src/env.js';
import { type RequestPart, VALIDATION_MESSAGES } from '../src/lib/http-error.js';
import type { Mailer } from '../src/services/mail/mailer.js';
import type { PaymentProvider } from '../src/services/payments/provider.js';

export const TEST_TODAY = new Date('2026-11-22T10:00:00Z');

/** Secrets of one test run, random like those a first start writes (the code holds none). */
export function testSecrets() {
  return { JWT_SECRET: randomBytes(32).toString('base64url'), PUBLIC_API_TOKEN: randomBytes(16).toString('hex') };
}

export async function createTestDatabase() {
  const url = process.env.DATABASE_URL || undefined;
  const schemaName = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url, schemaName });
  await migrateDatabase(database);
  return {
    database,
    async dispose() {
      if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
      await database.close();
    },
  };
}

export type TestAppOptions = {
  seed?: boolean;
  /** Environment variables over the test defaults (e.g. SMTP_URL, NODE_ENV). */
  env?: Record<string, string | undefined>;
  /** A payment provider over the one the environment names (e.g. Stripe with an HTTP client that never leaves the process). */
  payments?: PaymentProvider;
  /** A mailer over the one the environment names (e.g. one that holds every message until released). */
  mailer?: Mailer;
  /** Told of every route the app registers (its route table). */
  onRoute?: BuildOptions['onRoute'];
};

export async function createTestApp(options: TestAppOptions = {}) {
  const { database, dispose } = await createTestDatabase();
  if (options.seed) {
    const { seedDemoCatalogue } = await import('../src/seed/index.js');
    await seedDemoCatalogue(database.db, TEST_TODAY);
  }
  // Mails written to files go to a folder of this app's own, never to the developer's outbox.
  const outbox = mkdtempSync(join(tmpdir(), 'guichet-outbox-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MAIL_OUTBOX_DIR: outbox,
    // Suites send hundreds of requests from one address; the limits have their own tests (rate-limits.test.ts).
    RATE_LIMITS: 'false',
    // Suites change data behind the API's back (holds aged in SQL) and read it at once; the shared answers'
    // cache has its own tests (shared-answers.test.ts), and the end-to-end suites run with it on.
    API_CACHE_TTL_MS: '0',
    ...testSecrets(),
    ...options.env,
  });
  const app = await buildApp({
    env,
    database,
    logger: false,
    payments: options.payments,
    mailer: options.mailer,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    env,
    /** Drops and closes the database while the app still runs (to see how the API copes). */
    disposeDatabase: dispose,
    async close() {
      await app.close();
      await dispose();
      rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/**
 * The real API for an app's own tests (the public site's, the pro site's loaders and actions): a test app
 * listening on loopback, with its address. The apps meet it over HTTP, as in production.
 */
export async function listeningTestApp(options: TestAppOptions = {}) {
  const testApp = await createTestApp(options);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...testApp, url: `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}` };
}

/**
 * The field issues of an answer, after checking it is a 400 VALIDATION_FAILED about `part` of the request:
 * tests then compare paths, codes and French messages, never a sentence built from them.
 */
export function validationIssues(
  response: { statusCode: number; json: () => unknown },
  part: RequestPart = 'body',
): ErrorIssue[] {
  const answer = response.json() as { issues?: ErrorIssue[] };
  expect(response.statusCode).toBe(400);
  expect(answer).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: VALIDATION_MESSAGES[part] });
  expect(answer.issues?.length).toBeGreaterThan(0);
  return answer.issues ?? [];
}

/**
 * A published concert a month from now (real time: holds expire by the database's clock), with an
 * organizer of its own unless one is given: what the checkout and payment tests sell tickets of.
 */
export async function insertConcert(db: Database, { title, organizerId }: { title: string; organizerId?: number }) {
  const slug = title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-');
  let organizer = organizerId;
  if (organizer === undefined) {
    const [row] = await db
      .insert(organizers)
      .values({ slug: `salle-${slug}`, name: 'Le Caveau', city: 'Lyon' })
      .returning({ id: organizers.id });
    organizer = row?.id ?? 0;
  }
  const startsAt = new Date(Date.now() + 30 * 24 * 3_600_000);
  const [row] = await db
    .insert(ticketings)
    .values({
      slug,
      title,
      summary: 'Un concert.',
      description: { type: 'doc', content: [] },
      category: 'Concert',
      venue: 'Le Caveau',
      address: '1 rue Mercière',
      postalCode: '69002',
      city: 'Lyon',
      citySlug: 'lyon',
      country: 'france',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
      organizerId: organizer,
    })
    .returning({ id: ticketings.id, organizerId: ticketings.organizerId });
  if (!row) throw new Error('ticketing insert returned no row');
  return row;
}
