import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { bearer, logIn, registerUser, TEST_PASSWORD, type Tokens } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let demo: { id: number; tokens: Tokens };

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const tokens = (await logIn(context.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).json<Tokens>();
  const { id } = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    id: number;
  };
  demo = { id, tokens };
});
afterAll(async () => {
  await context.close();
});

const getAccount = (id: number | string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url: `/account/${id}`, headers });
const putAccount = (id: number, payload: Record<string, unknown>, accessToken: string) =>
  context.app.inject({ method: 'PUT', url: `/account/${id}`, payload, headers: bearer(accessToken) });
const putPassword = (id: number, payload: Record<string, unknown>, accessToken: string) =>
  context.app.inject({ method: 'PUT', url: `/account/${id}/password`, payload, headers: bearer(accessToken) });

const REQUIRED = { statusCode: 401, code: 'AUTHENTICATION_REQUIRED', message: 'Authentification requise.' };

function sign(claims: Record<string, unknown>, options: { secret?: string; expiresAt?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ id: demo.id, firstname: 'Camille', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id ?? demo.id))
    .setIssuedAt(now - 3600)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(options.secret ?? context.env.JWT_SECRET));
}

describe('GET /account/:id', () => {
  it('gives its owner the full account', async () => {
    const response = await getAccount(demo.id, bearer(demo.tokens.accessToken));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: demo.id,
      firstname: 'Camille',
      lastname: 'Martin',
      email: DEMO_ACCOUNT.email,
      phone: '0612345678',
      facturationAddress: { street: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('forbids anyone else', async () => {
    const other = await registerUser(context.app);
    const response = await getAccount(demo.id, bearer(other.tokens.accessToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Page interdite : ce compte n’est pas le vôtre.',
    });
  });

  it('asks for authentication without a valid, unexpired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [header, , signature] = demo.tokens.accessToken.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: '1', id: 1, firstname: 'X', iat: now, exp: now + 600 }));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${otherPayload.toString('base64url')}.`;
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic ZGVtbzpkZW1v' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer pas.un.jeton' },
      { authorization: `Bearer ${header}.${otherPayload.toString('base64url')}.${signature}` },
      { authorization: `Bearer ${unsigned}` },
      bearer(await sign({}, { expiresAt: now - 10 })),
      bearer(await sign({}, { secret: 'un-autre-secret-de-plus-de-32-caracteres' })),
      bearer(await sign({ id: String(demo.id) })),
    ];
    for (const headers of cases) {
      const response = await getAccount(demo.id, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual(REQUIRED);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="guichet"');
    }
    // The same secret, a valid expiry: accepted (the test's own signing is right).
    expect((await getAccount(demo.id, bearer(await sign({})))).statusCode).toBe(200);
  });

  it('answers 401 for a valid token whose account is gone', async () => {
    const token = await sign({ id: 999_999, firstname: 'Fantôme' });
    expect((await getAccount(999_999, bearer(token))).statusCode).toBe(401);
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await getAccount('moi', bearer(demo.tokens.accessToken));
    expect(validationIssues(response, 'params')).toEqual([
      { path: ['id'], code: 'regex', message: 'L’identifiant du compte doit être un nombre.' },
    ]);
  });
});

describe('PUT /account/:id', () => {
  it('updates the identity and the billing address, leaving absent fields as they are', async () => {
    const { id, tokens } = await registerUser(context.app);
    const address = { street: ' 3 quai des Chartrons ', postalCode: '33000', city: 'Bordeaux', country: 'France' };
    const response = await putAccount(
      id,
      { firstname: 'Maëlle', lastname: 'Leroy', phone: '07.00.00.00.01', facturationAddress: address },
      tokens.accessToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      firstname: 'Maëlle',
      lastname: 'Leroy',
      phone: '0700000001',
      facturationAddress: { ...address, street: '3 quai des Chartrons' },
    });
    const cleared = await putAccount(id, { phone: null, facturationAddress: null }, tokens.accessToken);
    expect(cleared.json()).toMatchObject({ firstname: 'Maëlle', phone: null, facturationAddress: null });
    const read = await getAccount(id, bearer(tokens.accessToken));
    expect(read.json()).toMatchObject({ firstname: 'Maëlle', lastname: 'Leroy', phone: null });
  });

  it('refuses invalid fields with their messages', async () => {
    const { id, tokens } = await registerUser(context.app);
    const response = await putAccount(
      id,
      { facturationAddress: { street: '1 rue', postalCode: '<75001>', city: '', country: 'France' } },
      tokens.accessToken,
    );
    expect(validationIssues(response)).toEqual([
      {
        path: ['facturationAddress', 'postalCode'],
        code: 'regex',
        message: "La valeur saisi n'est pas valide.",
      },
      { path: ['facturationAddress', 'city'], code: 'required', message: 'Veuillez renseigner ce champ.' },
    ]);
  });

  it('changes the e-mail only with the current password, and never to a taken one', async () => {
    const { id, tokens } = await registerUser(context.app);
    const email = `nouvelle.${randomUUID().slice(0, 8)}@exemple.fr`;
    const without = await putAccount(id, { email }, tokens.accessToken);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      statusCode: 400,
      code: 'CURRENT_PASSWORD_NEEDED',
      message: 'Veuillez saisir votre mot de passe actuel pour changer d’adresse e-mail.',
    });
    const wrong = await putAccount(id, { email, currentPassword: 'pas-le-bon' }, tokens.accessToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'Le mot de passe actuel est incorrect.',
    });
    const taken = await putAccount(
      id,
      { email: DEMO_ACCOUNT.email.toUpperCase(), currentPassword: TEST_PASSWORD },
      tokens.accessToken,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: 'Un compte existe déjà avec cette adresse e-mail.',
    });
    const changed = await putAccount(
      id,
      { email: email.toUpperCase(), currentPassword: TEST_PASSWORD },
      tokens.accessToken,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email).toBe(email);
    expect((await logIn(context.app, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('is for the owner only', async () => {
    const other = await registerUser(context.app);
    const response = await putAccount(demo.id, { firstname: 'Pirate' }, other.tokens.accessToken);
    expect(response.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'PUT', url: `/account/${demo.id}`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /account/:id/password', () => {
  it('changes the password, ends every other session and gives the caller a new pair', async () => {
    const { id, tokens, email } = await registerUser(context.app);
    const newPassword = 'Un-autre-mot-de-passe-solide';
    const wrong = await putPassword(id, { currentPassword: 'pas-le-bon', newPassword }, tokens.accessToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'Le mot de passe actuel est incorrect.',
    });
    const weak = await putPassword(
      id,
      { currentPassword: TEST_PASSWORD, newPassword: 'qwerty123' },
      tokens.accessToken,
    );
    expect(validationIssues(weak)).toEqual([
      {
        path: ['newPassword'],
        code: 'uncommonPassword',
        message: expect.stringMatching(/^Ce mot de passe est trop courant/),
      },
    ]);
    const same = await putPassword(
      id,
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      tokens.accessToken,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      statusCode: 400,
      code: 'SAME_PASSWORD',
      message: 'Le nouveau mot de passe doit être différent de l’actuel.',
    });

    const changed = await putPassword(id, { currentPassword: TEST_PASSWORD, newPassword }, tokens.accessToken);
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json<Tokens>();
    const refresh = (refreshToken: string) =>
      context.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    expect((await logIn(context.app, email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(context.app, email, newPassword)).statusCode).toBe(200);
  });

  it('ends the access tokens issued before the change, the caller’s too, and only those', async () => {
    const { id, tokens, email } = await registerUser(context.app);
    const otherSession = (await logIn(context.app, email, TEST_PASSWORD)).json<Tokens>();
    expect((await getAccount(id, bearer(otherSession.accessToken))).statusCode).toBe(200);

    const changed = await putPassword(
      id,
      { currentPassword: TEST_PASSWORD, newPassword: 'Un-autre-mot-de-passe-solide' },
      tokens.accessToken,
    );
    expect(changed.statusCode).toBe(200);
    // Within the same second as the tokens above: the check does not depend on the clock.
    expect((await getAccount(id, bearer(otherSession.accessToken))).statusCode).toBe(401);
    expect((await getAccount(id, bearer(tokens.accessToken))).statusCode).toBe(401);
    const fresh = changed.json<Tokens>();
    expect((await getAccount(id, bearer(fresh.accessToken))).statusCode).toBe(200);
    // A token refreshed from the new session is valid too; the other user's sessions are untouched.
    const refreshed = await context.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: fresh.refreshToken },
    });
    expect((await getAccount(id, bearer(refreshed.json<Tokens>().accessToken))).statusCode).toBe(200);
    expect((await getAccount(demo.id, bearer(demo.tokens.accessToken))).statusCode).toBe(200);
  });

  it('is for the owner only', async () => {
    const other = await registerUser(context.app);
    const response = await putPassword(
      demo.id,
      { currentPassword: DEMO_ACCOUNT.password, newPassword: 'Un-autre-mot-de-passe-solide' },
      other.tokens.accessToken,
    );
    expect(response.statusCode).toBe(403);
  });
});
