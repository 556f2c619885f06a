import { describe, expect, it } from 'vitest';
import { guest, loggedIn, thrown } from '../../../test/session-support';
import {
  afterLoginTarget,
  loginRedirect,
  redirectAfterLogin,
  requestedPath,
  requireGuest,
  requireUser,
} from './guards.server';
import { redirectAfterLoginCookie } from './session.server';

async function thrownResponse(work: () => unknown): Promise<Response> {
  const error = await thrown(work);
  if (error instanceof Response) return error;
  throw error;
}

async function requestWithAfterLogin(value: string) {
  const cookie = (await redirectAfterLoginCookie.serialize(value)).split(';')[0];
  return new Request('http://localhost:3000/auth/login', { method: 'POST', headers: { Cookie: cookie ?? '' } });
}

describe('redirectAfterLogin', () => {
  it('goes to the stored path and forgets it', async () => {
    const response = await redirectAfterLogin(await requestWithAfterLogin('/account/orders?page=2'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/orders?page=2');
    expect(response.headers.get('Set-Cookie')).toMatch(/guichet_after_login=;.*Max-Age=0/);
  });

  it('goes home without a stored path, or with one leaving the site or leading to a guest page', async () => {
    expect(await afterLoginTarget(new Request('http://localhost:3000/auth/login'))).toBe('/');
    for (const value of [
      '//evil.example',
      'https://evil.example',
      '/auth/login',
      '/forgot-password?token=x',
      '/logout',
    ]) {
      expect(await afterLoginTarget(await requestWithAfterLogin(value)), value).toBe('/');
    }
  });
});

describe('guards', () => {
  it('send a logged-in visitor away from guest pages, to /', async () => {
    const response = await thrownResponse(() => requireGuest(loggedIn()));
    expect(response.headers.get('Location')).toBe('/');
    expect(() => requireGuest(guest())).not.toThrow();
  });

  it('send a guest to the login page, remembering the page and its query', async () => {
    const request = new Request('http://localhost:3000/account/orders?page=2');
    expect(requestedPath(request)).toBe('/account/orders?page=2');
    const response = await thrownResponse(() => requireUser(request, guest()));
    expect(response.headers.get('Location')).toBe('/auth/login');
    const stored = await redirectAfterLoginCookie.parse(response.headers.get('Set-Cookie'));
    expect(stored).toBe('/account/orders?page=2');
    expect((await requireUser(request, loggedIn())).firstname).toBe('Camille');
  });

  it('keep headers given to the login redirect', async () => {
    const response = await loginRedirect(new Request('http://localhost:3000/account'), { 'X-Test': 'oui' });
    expect(response.headers.get('X-Test')).toBe('oui');
  });
});
