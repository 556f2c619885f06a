/** Shared by the auth suites: registering a user, reading tokens, a real SMTP server on loopback. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { SMTPServer } from 'smtp-server';
import type { AppInstance } from '../../src/app.js';

export type Tokens = { accessToken: string; refreshToken: string };

/** A strong enough password, the same for every test user (hashing costs ~50 ms: no more than needed). */
export const TEST_PASSWORD = 'Vélo-rouge-sur-la-Loire';

export function uniqueEmail(prefix = 'membre'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@exemple.fr`;
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export function newUser(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Alix',
    lastname: 'Durand',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    phone: '06 11 22 33 44',
    acceptTerms: true,
    ...overrides,
  };
}

/** Registers a new account and returns its tokens, its id and how to log in. */
export async function registerUser(app: AppInstance, overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const response = await app.inject({ method: 'POST', url: '/account?form=user', payload: { user } });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const tokens = response.json<Tokens>();
  const { id } = decodeJwt(tokens.accessToken) as { id: number };
  return { id, tokens, email: user.email as string, password: user.password as string };
}

export async function logIn(app: AppInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/login', payload: { email, password }, headers });
}

/** A real SMTP server on 127.0.0.1 (no TLS, no authentication) keeping every message it receives, raw. */
export async function startSmtpServer() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain part of a raw message, decoded (nodemailer writes it quoted-printable or 7bit). */
export function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!match?.[1]) throw new Error('no text/plain part');
  const headers = raw.slice(match.index, match.index + match[0].length - match[1].length);
  if (!/quoted-printable/i.test(headers)) return match[1];
  const bytes = match[1]
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
