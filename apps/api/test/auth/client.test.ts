import {
  AccessTokenClaims,
  createApiClient,
  getAccount,
  login,
  logout,
  refreshSession,
  registerAccount,
} from '@guichet/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.js';
import { TEST_PASSWORD, uniqueEmail } from './support.js';

// The web's typed client against the listening API: the auth contracts as the web will use them.
let context: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;

beforeAll(async () => {
  context = await createTestApp();
  baseUrl = await context.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await context.close();
});

describe('auth contracts through createApiClient', () => {
  it('registers, reads the account, refreshes and logs out', async () => {
    const api = createApiClient({ baseUrl, forwardedFor: '192.0.2.77' });
    const email = uniqueEmail();
    const user = { firstname: 'Jules', lastname: 'Vidal', email, password: TEST_PASSWORD, acceptTerms: true as const };
    const registered = await api.call(registerAccount, { query: { form: 'user' }, body: { user } });
    if (registered.status !== 201) throw new Error(`unexpected ${registered.status}`);
    const claims = AccessTokenClaims.parse(decodeJwt(registered.body.accessToken));

    const logged = await api.call(login, { body: { email, password: TEST_PASSWORD } });
    expect(logged.status).toBe(200);
    const failed = await api.call(login, { body: { email, password: 'pas-le-bon' } });
    expect(failed).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CREDENTIALS', message: 'Adresse e-mail ou mot de passe incorrect.' },
    });

    const asUser = createApiClient({ baseUrl, accessToken: registered.body.accessToken });
    const account = await asUser.call(getAccount, { params: { id: claims.id } });
    expect(account).toMatchObject({ status: 200, body: { id: claims.id, firstname: 'Jules', email } });

    const refreshed = await api.call(refreshSession, { body: { refreshToken: registered.body.refreshToken } });
    if (refreshed.status !== 200) throw new Error(`unexpected ${refreshed.status}`);
    const out = await api.call(logout, { body: { refreshToken: refreshed.body.refreshToken } });
    expect(out).toEqual({ status: 204, body: undefined });
  });
});
