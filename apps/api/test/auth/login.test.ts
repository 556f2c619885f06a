import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../src/db/schema.js';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import { MEMBER_PASSWORD } from '../../src/seed/users.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { logIn, uniqueEmail } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
});
afterAll(async () => {
  await context.close();
});

const FAILED = {
  statusCode: 401,
  code: 'INVALID_CREDENTIALS',
  message: 'Adresse e-mail ou mot de passe incorrect.',
};
const THROTTLED = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

/** A request relayed by the web server (127.0.0.1, trusted) for a visitor at `visitor`. */
const viaWeb = (visitor: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': visitor } });

const attempt = (email: string, password: string, from: { remoteAddress: string; headers: Record<string, string> }) =>
  context.app.inject({ method: 'POST', url: '/login', payload: { email, password }, ...from });

describe('POST /login', () => {
  it('answers tokens for the right e-mail (any case) and password', async () => {
    const response = await logIn(context.app, DEMO_ACCOUNT.email.toUpperCase(), DEMO_ACCOUNT.password);
    expect(response.statusCode).toBe(200);
    const { accessToken, refreshToken } = response.json();
    expect(decodeJwt(accessToken)).toMatchObject({ firstname: DEMO_ACCOUNT.firstname });
    expect(typeof refreshToken).toBe('string');
  });

  it('answers the same 401 for an unknown address and for a wrong password', async () => {
    const unknown = await logIn(context.app, 'personne@exemple.fr', 'un-mot-de-passe', viaWeb('192.0.2.1').headers);
    const wrong = await logIn(context.app, DEMO_ACCOUNT.email, 'un-mot-de-passe', viaWeb('192.0.2.1').headers);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(FAILED);
    expect(wrong.json()).toEqual(FAILED);
  });

  it('answers 400 with the field for a malformed address or a missing password', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/login', payload: { email: 'demo' } });
    expect(validationIssues(response)).toEqual([
      { path: ['email'], code: 'email', message: 'Veuillez saisir une adresse e-mail valide.' },
      { path: ['password'], code: 'invalid_type', message: 'Veuillez renseigner ce champ.' },
    ]);
  });
});

describe('login throttling', () => {
  it('stops a visitor after 10 failures in a minute, but not the visitor next to them', async () => {
    const visitorA = viaWeb('198.51.100.10');
    for (let failure = 0; failure < 10; failure++) {
      expect((await attempt(uniqueEmail(), 'mauvais-mot-de-passe', visitorA)).statusCode).toBe(401);
    }
    const blocked = await attempt(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, visitorA);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: THROTTLED });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const visitorB = viaWeb('198.51.100.20');
    expect((await attempt(uniqueEmail(), 'mauvais-mot-de-passe', visitorB)).statusCode).toBe(401);
    expect((await attempt(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, visitorB)).statusCode).toBe(200);
  });

  it('lets no more than 10 of many simultaneous attempts through', async () => {
    const visitor = viaWeb('198.51.100.15');
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => attempt(uniqueEmail(), 'mauvais-mot-de-passe', visitor)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
  });

  it('does not count a successful login', async () => {
    const visitor = viaWeb('198.51.100.16');
    for (let success = 0; success < 11; success++) {
      expect((await attempt(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, visitor)).statusCode).toBe(200);
    }
  });

  it('opens again when the minute is over', async () => {
    const visitor = viaWeb('198.51.100.30');
    await context.database.db.insert(loginFailures).values({ key: 'ip:198.51.100.30', count: 10 });
    expect((await attempt(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, visitor)).statusCode).toBe(429);
    await context.database.db.execute(
      sql`UPDATE login_failure SET window_start = now() - interval '61 seconds' WHERE key = 'ip:198.51.100.30'`,
    );
    expect((await attempt(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, visitor)).statusCode).toBe(200);
    // A failure after the window starts a new count from one.
    expect((await attempt(DEMO_ACCOUNT.email, 'mauvais-mot-de-passe', visitor)).statusCode).toBe(401);
    const [row] = await context.database.db
      .select()
      .from(loginFailures)
      .where(sql`${loginFailures.key} = 'ip:198.51.100.30'`);
    expect(row?.count).toBe(1);
  });

  it('does not believe X-Forwarded-For from an address that is not a trusted proxy', async () => {
    for (let failure = 0; failure < 10; failure++) {
      const spoofed = { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': `192.0.2.${100 + failure}` } };
      expect((await attempt(uniqueEmail(), 'mauvais-mot-de-passe', spoofed)).statusCode).toBe(401);
    }
    const fresh = { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '192.0.2.250' } };
    expect((await attempt(uniqueEmail(), 'mauvais-mot-de-passe', fresh)).statusCode).toBe(429);
    // Through the web server, a visitor cannot pose as another either: only the address the web appends counts.
    const chained = viaWeb('198.51.100.10, 198.51.100.40');
    expect((await attempt(uniqueEmail(), 'mauvais-mot-de-passe', chained)).statusCode).toBe(401);
  });

  it('stops an account after 100 failures in an hour, from any address', async () => {
    const email = 'lea.dubois@guichet.test';
    await context.database.db.insert(loginFailures).values({ key: `account:${email}`, count: 100 });
    for (const visitor of ['198.51.100.50', '198.51.100.51']) {
      const response = await attempt(email.toUpperCase(), MEMBER_PASSWORD, viaWeb(visitor));
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: THROTTLED });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(3500);
    }
    // Other accounts are not affected.
    expect((await attempt('hugo.bernard@guichet.test', MEMBER_PASSWORD, viaWeb('198.51.100.52'))).statusCode).toBe(200);
  });

  it('counts failures per account across addresses', async () => {
    const email = 'ines.moreau@guichet.test';
    await attempt(email, 'mauvais-mot-de-passe', viaWeb('198.51.100.60'));
    await attempt(email, 'mauvais-mot-de-passe', viaWeb('198.51.100.61'));
    const [row] = await context.database.db
      .select()
      .from(loginFailures)
      .where(sql`${loginFailures.key} = ${`account:${email}`}`);
    expect(row?.count).toBe(2);
  });
});
