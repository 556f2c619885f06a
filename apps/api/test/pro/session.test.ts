/**
 * The pro site's session: its tokens open the pro endpoints only, the public site's never open them, and a
 * refresh token of one site renews nothing on the other. Sign-in needs a confirmed address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type Tokens } from '../auth/support.js';
import { createTestApp } from '../helpers.js';
import { confirmedMember as confirmedMemberOf } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const proLogin = (email: string, password: string) =>
  context.app.inject({ method: 'POST', url: '/pro/session', payload: { email, password } });
const me = (accessToken: string) => context.app.inject({ method: 'GET', url: '/pro/me', headers: bearer(accessToken) });

const confirmedMember = (role?: 'OWNER' | 'MANAGER' | 'SCANNER') =>
  confirmedMemberOf(context.app, context.database.db, role);

describe('POST /pro/session', () => {
  it('opens the pro site to a confirmed member: /pro/me names them and their organisers with their role', async () => {
    const member = await confirmedMember('MANAGER');
    const login = await proLogin(member.email, member.password);
    expect(login.statusCode).toBe(200);
    const answer = await me(login.json<Tokens>().accessToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      user: { id: member.id, firstname: 'Margaux', email: member.email, platformAdmin: false },
      organizers: [{ id: member.organizerId, role: 'MANAGER', name: `Orga ${member.id}` }],
    });
  });

  it('refuses an address not confirmed yet, with a 403 said only after the right password', async () => {
    const user = await registerUser(context.app);
    const wrong = await proLogin(user.email, 'pas-le-bon-mot-de-passe');
    expect(wrong.statusCode).toBe(401);
    const right = await proLogin(user.email, user.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
  });
});

describe('two sites, two sessions', () => {
  it('a public session never opens the pro site, and a pro session never opens the public account', async () => {
    const member = await confirmedMember();
    // The public site's token (from registration) on the pro site: refused.
    expect((await me(member.tokens.accessToken)).statusCode).toBe(401);
    const pro = (await proLogin(member.email, member.password)).json<Tokens>();
    const account = (accessToken: string) =>
      context.app.inject({ method: 'GET', url: `/account/${member.id}`, headers: bearer(accessToken) });
    expect((await account(member.tokens.accessToken)).statusCode).toBe(200);
    expect((await account(pro.accessToken)).statusCode).toBe(401);
  });

  it('a refresh token renews only its own site’s session, and is not spent by the other site', async () => {
    const member = await confirmedMember();
    const pro = (await proLogin(member.email, member.password)).json<Tokens>();
    const refresh = (url: string, refreshToken: string) =>
      context.app.inject({ method: 'POST', url, payload: { refreshToken } });
    expect((await refresh('/auth/refresh', pro.refreshToken)).statusCode).toBe(401);
    expect((await refresh('/pro/session/refresh', member.tokens.refreshToken)).statusCode).toBe(401);
    // Neither attempt spent nor revoked anything: each renews on its own site.
    const renewed = await refresh('/pro/session/refresh', pro.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<Tokens>().accessToken)).statusCode).toBe(200);
    expect((await refresh('/auth/refresh', member.tokens.refreshToken)).statusCode).toBe(200);
  });

  it('logging out of the pro site leaves the public session open', async () => {
    const member = await confirmedMember();
    const pro = (await proLogin(member.email, member.password)).json<Tokens>();
    const out = await context.app.inject({
      method: 'POST',
      url: '/pro/session/logout',
      payload: { refreshToken: member.tokens.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const refresh = (url: string, refreshToken: string) =>
      context.app.inject({ method: 'POST', url, payload: { refreshToken } });
    expect((await refresh('/auth/refresh', member.tokens.refreshToken)).statusCode).toBe(200);
    await context.app.inject({
      method: 'POST',
      url: '/pro/session/logout',
      payload: { refreshToken: pro.refreshToken },
    });
    expect((await refresh('/pro/session/refresh', pro.refreshToken)).statusCode).toBe(401);
  });
});
