import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/env.js';
import { createTestApp, createTestDatabase, testSecrets } from '../helpers.js';
import { registerUser, startSmtpServer, textPart } from './support.js';

describe('without SMTP_URL: the development outbox', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    context = await createTestApp({ env: { SITE_URL: 'http://127.0.0.1:3999' } });
  });
  afterAll(async () => {
    await context.close();
  });

  it('writes each mail as an .eml file and lists it, newest first', async () => {
    const { email } = await registerUser(context.app, { firstname: '<b>Zoé</b>' });
    await context.app.inject({ method: 'POST', url: '/password/forgot', payload: { email } });
    await context.app.background.idle();

    const files = readdirSync(context.env.MAIL_OUTBOX_DIR).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const raw = readFileSync(join(context.env.MAIL_OUTBOX_DIR, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    expect(textPart(raw)).toContain('Votre compte Guichet est créé.');

    const list = await context.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(200);
    const { messages } = list.json<{ messages: { id: string; to: string; subject: string; date: string }[] }>();
    expect(messages.map((message) => [message.to, message.subject])).toEqual([
      [email, 'Réinitialisation de votre mot de passe Guichet'],
      [email, 'Bienvenue sur Guichet'],
    ]);

    const reset = await context.app.inject({ method: 'GET', url: `/dev/outbox/${messages[0]?.id}` });
    expect(reset.statusCode).toBe(200);
    const body = reset.json<{ text: string; html: string; to: string }>();
    expect(body.to).toBe(email);
    expect(body.text).toMatch(/http:\/\/127\.0\.0\.1:3999\/forgot-password\?token=[A-Za-z0-9_-]{43}\n/);
    expect(body.text).toContain('Ce lien expire dans 1 heure');
    expect(body.html).toContain('Bonjour &lt;b&gt;Zoé&lt;/b&gt;,');
    expect(body.html).not.toContain('<b>Zoé</b>');
  });

  it('answers 404 for a message it does not have, 400 for a malformed id', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/dev/outbox/20260101-inconnu' })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/dev/outbox/..%2Fsecret' })).statusCode).toBe(400);
  });
});

/** More apps on one more database: building an app is quick, migrating a database is not. */
describe('other mail settings', () => {
  let shared: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: AppInstance[] = [];

  async function appWith(overrides: Record<string, string>) {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...testSecrets(), ...overrides });
    const app = await buildApp({ env, database: shared.database, logger: false });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    shared = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shared.dispose();
  });

  it('has no outbox routes in production', async () => {
    const app = await appWith({ NODE_ENV: 'production' });
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox/x' })).statusCode).toBe(404);
  });

  it('serves the outbox to the machine itself only: anyone else gets the 404 of a path that does not exist', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'guichet-outbox-'));
    try {
      const app = await appWith({ MAIL_OUTBOX_DIR: outbox });
      const absent = await appWith({ SMTP_URL: 'smtp://127.0.0.1:9' });
      await registerUser(app);
      await app.background.idle();
      const list = await app.inject({ method: 'GET', url: '/dev/outbox' });
      const [mail] = list.json<{ messages: { id: string }[] }>().messages;
      const urls = ['/dev/outbox', `/dev/outbox/${mail?.id}`];
      const web = '127.0.0.1'; // the web server, a trusted proxy by default
      for (const url of urls) {
        // The machine itself, directly or through the web server.
        for (const request of [
          { remoteAddress: '127.0.0.1' },
          { remoteAddress: '::1' },
          { remoteAddress: web, headers: { 'x-forwarded-for': '127.0.0.1' } },
          { remoteAddress: web, headers: { 'x-forwarded-for': '::ffff:127.0.0.1' } },
        ]) {
          const response = await app.inject({ method: 'GET', url, ...request });
          expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(200);
        }
        // Another machine, directly, through the web server, or claiming loopback from an untrusted address.
        for (const request of [
          { remoteAddress: '203.0.113.7' },
          { remoteAddress: '::ffff:192.168.1.20' },
          { remoteAddress: web, headers: { 'x-forwarded-for': '203.0.113.7' } },
          { remoteAddress: web, headers: { 'x-forwarded-for': '127.0.0.1, 192.168.1.20' } },
          { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
        ]) {
          const response = await app.inject({ method: 'GET', url, ...request });
          expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(404);
          expect(response.json()).toEqual((await absent.inject({ method: 'GET', url, ...request })).json());
        }
      }
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('has no outbox routes when mail goes through an SMTP server', async () => {
    const app = await appWith({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('sends the welcome mail through the SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      const app = await appWith({ SMTP_URL: smtp.url });
      const { email } = await registerUser(app, { firstname: 'Anaïs' });
      await app.background.idle();
      const message = smtp.messages.find((received) => received.to.includes(email));
      expect(message?.raw).toMatch(/^Subject: Bienvenue sur Guichet$/m);
      expect(textPart(message?.raw ?? '')).toContain('Bonjour Anaïs,');
    } finally {
      await smtp.close();
    }
  });

  it('still registers when the mail server is down', async () => {
    // Nothing listens on loopback's discard port: the connection is refused.
    const app = await appWith({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const { id } = await registerUser(app);
    expect(id).toBeGreaterThan(0);
    await app.background.idle();
    const forgot = await app.inject({
      method: 'POST',
      url: '/password/forgot',
      payload: { email: 'personne@exemple.fr' },
    });
    expect(forgot.statusCode).toBe(202);
  });
});
