import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../src/db/schema.js';
import { hashToken } from '../../src/services/auth/tokens.js';
import type { Mailer, MailMessage } from '../../src/services/mail/mailer.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { bearer, logIn, registerUser, startSmtpServer, type Tokens, textPart } from './support.js';

// The API sends through a real SMTP server listening on loopback, as it would in production.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let context: Awaited<ReturnType<typeof createTestApp>>;

const SITE_URL = 'https://www.guichet.test';
const SAME_ANSWER = { message: 'Si un compte existe pour cette adresse, un e-mail vient de vous être envoyé.' };
const INVALID = {
  statusCode: 400,
  code: 'RESET_LINK_INVALID',
  message: 'Ce lien de réinitialisation est invalide ou a expiré.',
};
const NEW_PASSWORD = 'Nouveau-départ-à-Nantes';

beforeAll(async () => {
  smtp = await startSmtpServer();
  context = await createTestApp({ env: { SMTP_URL: smtp.url, SITE_URL: `${SITE_URL}/` } });
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

const forgot = (email: string) => context.app.inject({ method: 'POST', url: '/password/forgot', payload: { email } });
const reset = (token: string, password: string) =>
  context.app.inject({ method: 'POST', url: '/password/reset', payload: { token, password } });

/** Waits for the mails sent after the answers, then gives the reset token of the last one sent to `to`. */
async function resetTokenSentTo(to: string): Promise<string> {
  await context.app.background.idle();
  // The newest reset mail to that address: the welcome mail, sent in the background too, may arrive later.
  const links = smtp.messages
    .filter((received) => received.to.includes(to))
    .map(
      (received) =>
        /https:\/\/www\.guichet\.test\/forgot-password\?token=([A-Za-z0-9_-]+)/.exec(textPart(received.raw))?.[1],
    )
    .filter((token): token is string => token !== undefined);
  const token = links.at(-1);
  if (!token) throw new Error(`no reset link sent to ${to}`);
  return token;
}

describe('POST /password/forgot', () => {
  it('gives the same answer for an unknown address, and sends nothing', async () => {
    await context.app.background.idle();
    const before = smtp.messages.length;
    const response = await forgot('personne@exemple.fr');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SAME_ANSWER);
    await context.app.background.idle();
    expect(smtp.messages.length).toBe(before);
  });

  it('mails a reset link to an existing account, with the same answer', async () => {
    const { email } = await registerUser(context.app, { firstname: 'Élodie' });
    const response = await forgot(email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SAME_ANSWER);
    await context.app.background.idle();
    // Found by its subject: the welcome mail, also sent in the background, may arrive after it.
    const message = smtp.messages.find(
      (received) => received.to.includes(email) && /^Subject: =\?UTF-8\?Q\?R=C3=A9initialisation/im.test(received.raw),
    );
    expect(message).toBeDefined();
    expect(message?.raw).toMatch(/^From: Guichet <no-reply@guichet\.example>/im);
    const text = textPart(message?.raw ?? '');
    expect(text).toContain('Bonjour Élodie,');
    expect(text).toContain('Ce lien expire dans 1 heure');
    expect(message?.raw).toMatch(/Content-Type: text\/html/i);
    // Only the hash of the token is stored.
    const token = await resetTokenSentTo(email);
    const [row] = await context.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers 400 for a malformed address', async () => {
    const response = await forgot('pas-une-adresse');
    expect(validationIssues(response)).toEqual([
      { path: ['email'], code: 'email', message: 'Veuillez saisir une adresse e-mail valide.' },
    ]);
  });
});

describe('POST /password/reset', () => {
  it('sets the new password with the mailed link, once, and ends every session', async () => {
    const { email, password, tokens } = await registerUser(context.app);
    const otherSession = (await logIn(context.app, email, password)).json<Tokens>();
    await forgot(email);
    const token = await resetTokenSentTo(email);

    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await reset(token, 'Encore-un-autre-mot-de-passe')).json()).toEqual(INVALID);

    expect((await logIn(context.app, email, password)).statusCode).toBe(401);
    expect((await logIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(200);
    for (const refreshToken of [tokens.refreshToken, otherSession.refreshToken]) {
      const refreshed = await context.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
      expect(refreshed.statusCode).toBe(401);
    }
  });

  it('ends the access tokens issued before the reset; one issued afterwards works', async () => {
    const { id, email, password, tokens } = await registerUser(context.app);
    const otherSession = (await logIn(context.app, email, password)).json<Tokens>();
    const account = (accessToken: string) =>
      context.app.inject({ method: 'GET', url: `/account/${id}`, headers: bearer(accessToken) });
    expect((await account(tokens.accessToken)).statusCode).toBe(200);
    await forgot(email);
    expect((await reset(await resetTokenSentTo(email), NEW_PASSWORD)).statusCode).toBe(204);

    expect((await account(tokens.accessToken)).statusCode).toBe(401);
    expect((await account(otherSession.accessToken)).statusCode).toBe(401);
    const after = (await logIn(context.app, email, NEW_PASSWORD)).json<Tokens>();
    expect((await account(after.accessToken)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email } = await registerUser(context.app);
    await forgot(email);
    const token = await resetTokenSentTo(email);
    await context.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
  });

  it('refuses an unknown link', async () => {
    expect((await reset('inconnu', NEW_PASSWORD)).json()).toEqual(INVALID);
  });

  it('refuses a weak password without spending the link', async () => {
    const { email } = await registerUser(context.app);
    await forgot(email);
    const token = await resetTokenSentTo(email);
    const weak = await reset(token, 'soleil');
    expect(validationIssues(weak)).toEqual([
      { path: ['password'], code: 'minLength', message: 'Le mot de passe doit contenir au moins 8 caractères.' },
    ]);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('spends every other pending link of the account when one is used', async () => {
    const { email } = await registerUser(context.app);
    await forgot(email);
    const first = await resetTokenSentTo(email);
    await forgot(email);
    const second = await resetTokenSentTo(email);
    expect(second).not.toBe(first);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await reset(first, 'Encore-un-autre-mot-de-passe')).json()).toEqual(INVALID);
  });

  it('sends at most 3 links an hour to one account, answering the same', async () => {
    const { email } = await registerUser(context.app);
    await context.app.background.idle();
    const before = smtp.messages.filter((received) => received.to.includes(email)).length;
    for (let request = 0; request < 4; request++) expect((await forgot(email)).json()).toEqual(SAME_ANSWER);
    await context.app.background.idle();
    expect(smtp.messages.filter((received) => received.to.includes(email)).length - before).toBe(3);
  });
});

/** A mailer that holds every message until `release()`: what waits for it shows. */
function heldMailer() {
  const started: MailMessage[] = [];
  const sent: MailMessage[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mailer: Mailer = {
    kind: 'outbox',
    async send(message) {
      started.push(message);
      await released;
      sent.push(message);
    },
    close() {},
  };
  return { mailer, started, sent, release: () => release() };
}

describe('POST /password/forgot, with a mail server that does not answer', () => {
  it('answers before the link is written or the mail prepared, then sends it', async () => {
    const held = heldMailer();
    const own = await createTestApp({ mailer: held.mailer });
    try {
      const { email } = await registerUser(own.app, { firstname: 'Anouk' });
      const [user] = await own.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const links = () =>
        own.database.db
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.userId, user?.id ?? 0));

      const response = await own.app.inject({ method: 'POST', url: '/password/forgot', payload: { email } });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SAME_ANSWER);
      // The answer has left; the known address's work has not even begun: no link written, no reset mail.
      expect(await links()).toHaveLength(0);
      expect(held.started.filter((message) => message.subject.startsWith('Réinitialisation'))).toHaveLength(0);

      held.release();
      await own.app.background.idle();
      expect(await links()).toHaveLength(1);
      expect(
        held.sent.filter((message) => message.to === email && message.subject.startsWith('Réinitialisation')),
      ).toHaveLength(1);
    } finally {
      held.release();
      await own.close();
    }
  });
});
