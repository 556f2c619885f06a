/**
 * The organiser's profile on the pro site (owners everything, managers the public profile only, the IBAN never
 * whole), and the platform administrators' list of every organiser (404 to anyone else, as a route that is not).
 */
import { isIban, isSiret, mod97 } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizers, users } from '../../src/db/schema.js';
import { bearer, registerUser } from '../auth/support.js';
import { createTestApp } from '../helpers.js';
import { addMember, newOrganizer, organizerOf, proUser, type TestContext, VALID_IBAN } from './support.js';

let context: TestContext;
let owner: Awaited<ReturnType<typeof proUser>>;
let manager: Awaited<ReturnType<typeof proUser>>;
let scanner: Awaited<ReturnType<typeof proUser>>;
let organizerId: number;

beforeAll(async () => {
  context = await createTestApp();
  owner = await proUser(context);
  manager = await proUser(context);
  scanner = await proUser(context);
  organizerId = await organizerOf(context, owner.id, 'Caveau');
  await addMember(context, organizerId, manager.id, 'MANAGER');
  await addMember(context, organizerId, scanner.id, 'SCANNER');
});
afterAll(async () => {
  await context.close();
});

const patch = (headers: Record<string, string>, payload: object, id = organizerId) =>
  context.app.inject({ method: 'PATCH', url: `/pro/organizers/${id}`, headers, payload });
const get = (headers: Record<string, string>, id = organizerId) =>
  context.app.inject({ method: 'GET', url: `/pro/organizers/${id}`, headers });

describe('GET and PATCH /pro/organizers/:organizerId', () => {
  it('lets an owner change everything, and answers the IBAN masked, never whole', async () => {
    const details = newOrganizer({ name: 'Le Caveau des Arts' });
    const response = await patch(owner.headers, details);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Le Caveau des Arts',
      siret: '35600000000048',
      maskedIban: 'FR76 •••• •••• •••• •••• •••0 189',
      role: 'OWNER',
    });
    // The slug stays: public links keep working whatever the name becomes.
    expect(response.json().slug).toMatch(/^caveau-/);
    for (const answer of [response, await get(owner.headers), await get(manager.headers)]) {
      expect(answer.body).not.toContain('30006000');
      expect(answer.body).not.toContain('3000 6000');
    }
    const [row] = await context.database.db.select().from(organizers).where(eq(organizers.id, organizerId));
    expect(row?.iban).toBe('FR7630006000011234567890189');
  });

  it('lets a manager change the public profile only: legal details and IBAN are a 403, nothing changed', async () => {
    expect((await patch(manager.headers, { city: 'Lyon', website: '' })).json()).toMatchObject({
      city: 'Lyon',
      website: null,
      role: 'MANAGER',
    });
    for (const change of [
      { iban: 'DE89 3704 0044 0532 0130 00' },
      { siret: '356 000 000 00048' },
      { legalName: 'X' },
    ]) {
      const refused = await patch(manager.headers, { city: 'Paris', ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
    }
    const [row] = await context.database.db.select().from(organizers).where(eq(organizers.id, organizerId));
    expect(row).toMatchObject({ city: 'Lyon', iban: 'FR7630006000011234567890189' });
  });

  it('closes the profile to a scanner (403) and to anyone outside the organiser (404)', async () => {
    expect((await get(scanner.headers)).statusCode).toBe(403);
    expect((await patch(scanner.headers, { city: 'Paris' })).statusCode).toBe(403);
    const stranger = await proUser(context);
    expect((await get(stranger.headers)).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await patch(stranger.headers, { city: 'Paris' })).statusCode).toBe(404);
    // The public site's session never opens the pro site.
    expect((await get(bearer(owner.tokens.accessToken))).statusCode).toBe(401);
  });
});

/** 14 digits with a right Luhn key: the 13 first drawn, the last chosen. */
const luhnSiret = fc.stringMatching(/^\d{13}$/).map((head) => {
  for (let key = 0; key <= 9; key++) if (isSiret(`${head}${key}`)) return `${head}${key}`;
  return `${head}0`;
});
/** A SEPA IBAN with its right check digits: a country, a random account number of its length, the key computed. */
const keyedIban = fc
  .constantFrom(['FR', 27], ['DE', 22], ['BE', 16], ['IT', 27], ['NL', 18], ['GB', 22] as const)
  .chain(([country, length]) =>
    fc.stringMatching(new RegExp(`^[0-9A-Z]{${Number(length) - 4}}$`)).map((bban) => {
      const key = 98 - (mod97(`${bban}${country}00`) ?? 0);
      return `${country}${String(key).padStart(2, '0')}${bban}`;
    }),
  );
/** Spaces between groups, or lower case: what people type. */
const asTyped = (value: string) =>
  fc.constantFrom(value, value.replace(/(.{4})/g, '$1 ').trim(), value.toLowerCase(), ` ${value} `);

describe('SIRET and IBAN: the API accepts exactly what the domain’s rule accepts', () => {
  it('SIRET', async () => {
    const candidate = fc
      .oneof(luhnSiret, fc.stringMatching(/^\d{14}$/), fc.stringMatching(/^[\d ]{10,18}$/))
      .chain(asTyped);
    await fc.assert(
      fc.asyncProperty(candidate, async (siret) => {
        const response = await patch(owner.headers, { siret });
        expect(response.statusCode, `${JSON.stringify(siret)} → ${response.body}`).toBe(isSiret(siret) ? 200 : 400);
      }),
      { numRuns: 60 },
    );
  });

  it('IBAN', async () => {
    const mistyped = keyedIban.chain((iban) =>
      fc.nat(iban.length - 1).map((at) => `${iban.slice(0, at)}${iban[at] === '7' ? '8' : '7'}${iban.slice(at + 1)}`),
    );
    const candidate = fc.oneof(keyedIban, mistyped, fc.string({ maxLength: 40 })).chain(asTyped);
    await fc.assert(
      fc.asyncProperty(candidate, async (iban) => {
        const response = await patch(owner.headers, { iban });
        expect(response.statusCode, `${JSON.stringify(iban)} → ${response.body}`).toBe(isIban(iban) ? 200 : 400);
      }),
      { numRuns: 60 },
    );
    expect(isIban(VALID_IBAN)).toBe(true);
  });
});

describe('GET /pro/admin/organizers', () => {
  it('lists every organiser with its first owner’s address, a page at a time, to a platform admin', async () => {
    const admin = await proUser(context);
    await context.database.db.update(users).set({ platformAdmin: true }).where(eq(users.id, admin.id));
    const [first, second] = [await proUser(context), await proUser(context)];
    const named = await organizerOf(context, first.id, 'Aaaa');
    await addMember(context, named, second.id, 'OWNER');
    const response = await context.app.inject({
      method: 'GET',
      url: '/pro/admin/organizers?pageSize=1',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ page: 1, pageSize: 1, organizers: [{ id: named, ownerEmail: first.email }] });
    expect(answer.total).toBeGreaterThanOrEqual(2);
  });

  it('is a route that does not exist for anyone else: no token, a public token, an owner', async () => {
    const url = '/pro/admin/organizers';
    const visitor = await registerUser(context.app);
    for (const headers of [{}, bearer(visitor.tokens.accessToken), owner.headers]) {
      const response = await context.app.inject({ method: 'GET', url, headers });
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
      expect(response.json().message).toBe(
        (await context.app.inject({ method: 'GET', url: '/pro/admin/nothing-here' }))
          .json()
          .message.replace('/nothing-here', '/organizers'),
      );
    }
  });
});
