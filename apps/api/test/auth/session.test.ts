import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema.js';
import { hashToken } from '../../src/services/auth/tokens.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { logIn, registerUser, type Tokens } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const refresh = (refreshToken: string) =>
  context.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
const logout = (refreshToken: string) =>
  context.app.inject({ method: 'POST', url: '/auth/logout', payload: { refreshToken } });

const EXPIRED = {
  statusCode: 401,
  code: 'REFRESH_TOKEN_INVALID',
  message: 'Votre session a expiré : veuillez vous reconnecter.',
};

describe('POST /auth/refresh', () => {
  it('exchanges a refresh token for a new pair, once', async () => {
    const { id, tokens } = await registerUser(context.app, { firstname: 'Noé' });
    const first = await refresh(tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json<Tokens>();
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(decodeJwt(next.accessToken)).toMatchObject({ id, firstname: 'Noé' });

    const [stored] = await context.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken)));
    // Stored hashed, never as is, for 90 days.
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token comes back', async () => {
    const { email, password } = await registerUser(context.app);
    const stolen = (await logIn(context.app, email, password)).json<Tokens>();
    const rotated = (await refresh(stolen.refreshToken)).json<Tokens>();
    const otherDevice = (await logIn(context.app, email, password)).json<Tokens>();
    // Spent a minute ago: past the window in which a second use counts as a race of the same browser.
    await context.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(stolen.refreshToken)));

    const reuse = await refresh(stolen.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(EXPIRED);
    // The newest token of that family is dead too…
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    // …but another login of the same user is another family, untouched.
    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(200);
  });

  it('answers 409 without revoking when the same token is used twice within seconds (two tabs)', async () => {
    const { email, password } = await registerUser(context.app);
    const tokens = (await logIn(context.app, email, password)).json<Tokens>();
    const [first, second] = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({
      statusCode: 409,
      code: 'REFRESH_TOKEN_JUST_USED',
      message: 'Cette session vient d’être renouvelée par une autre requête.',
    });
    // The winner's new token still works: the session was not revoked.
    const winner = (first.statusCode === 200 ? first : second).json<Tokens>();
    expect((await refresh(winner.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an unknown or expired token', async () => {
    expect((await refresh('x'.repeat(43))).json()).toEqual(EXPIRED);
    const { tokens } = await registerUser(context.app);
    await context.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken)));
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  it('answers 400 without a token', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/auth/refresh', payload: {} });
    expect(validationIssues(response)).toEqual([
      { path: ['refreshToken'], code: 'invalid_type', message: 'Veuillez renseigner ce champ.' },
    ]);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the refresh token', async () => {
    const { tokens } = await registerUser(context.app);
    const response = await logout(tokens.refreshToken);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  it('answers 204 for a token it does not know, and twice for the same', async () => {
    expect((await logout('inconnu')).statusCode).toBe(204);
    const { tokens } = await registerUser(context.app);
    expect((await logout(tokens.refreshToken)).statusCode).toBe(204);
    expect((await logout(tokens.refreshToken)).statusCode).toBe(204);
  });
});
