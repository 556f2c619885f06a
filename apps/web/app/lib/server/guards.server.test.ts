import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  apiFieldErrors,
  isSafeInternalPath,
  loginRedirect,
  redirectAfterLogin,
  requestedPath,
  requireGuest,
  requireUser,
} from './guards.server';
import { redirectAfterLoginCookie, Session, sessionContext } from './session.server';

/** A JWT-shaped token whose claims the web decodes (the signature is the API's business). */
function accessToken(claims: Record<string, unknown>) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '7', id: 7, firstname: 'Camille', iat: now, exp: now + 900, ...claims })}.signature`;
}

function contextWith(session: Session) {
  const context = new RouterContextProvider();
  context.set(sessionContext, session);
  return context;
}

const loggedIn = () => contextWith(new Session(accessToken({}), 'refresh'));
const guest = () => contextWith(new Session(null, null));

async function thrown(work: () => unknown): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('nothing thrown');
}

async function requestWithAfterLogin(value: string) {
  const cookie = (await redirectAfterLoginCookie.serialize(value)).split(';')[0];
  return new Request('http://localhost:3000/auth/login', { method: 'POST', headers: { Cookie: cookie ?? '' } });
}

describe('isSafeInternalPath', () => {
  it('accepts paths of this site', () => {
    for (const path of ['/', '/account', '/account/orders?page=2', '/cart#paiement']) {
      expect(isSafeInternalPath(path), path).toBe(true);
    }
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/account',
      'account',
      '',
      '/account\nSet-Cookie: x',
      '/ evil',
      `/${'a'.repeat(2100)}`,
      42,
      null,
    ]) {
      expect(isSafeInternalPath(value), String(value)).toBe(false);
    }
  });
});

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
    const response = await thrown(() => requireGuest(loggedIn()));
    expect(response.headers.get('Location')).toBe('/');
    expect(() => requireGuest(guest())).not.toThrow();
  });

  it('send a guest to the login page, remembering the page and its query', async () => {
    const request = new Request('http://localhost:3000/account/orders?page=2');
    expect(requestedPath(request)).toBe('/account/orders?page=2');
    const response = await thrown(() => requireUser(request, guest()));
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

describe('apiFieldErrors', () => {
  const fields = { 'user.password': 'password', 'user.email': 'email' };

  it('puts each named field’s message on its form field', () => {
    const message =
      'Corps de la requête « user.password » : Ce mot de passe est trop courant : choisissez-en un plus difficile à deviner. ; Corps de la requête « user.email » : Veuillez saisir une adresse e-mail valide.';
    expect(apiFieldErrors(message, fields)).toEqual({
      errors: {
        password: 'Ce mot de passe est trop courant : choisissez-en un plus difficile à deviner.',
        email: 'Veuillez saisir une adresse e-mail valide.',
      },
      rest: null,
    });
  });

  it('keeps what names no known field as one message', () => {
    expect(apiFieldErrors('Paramètre « form » : Seul le formulaire « user » est accepté.', fields)).toEqual({
      errors: {},
      rest: 'Paramètre « form » : Seul le formulaire « user » est accepté.',
    });
    expect(apiFieldErrors('Le mot de passe actuel est incorrect.', fields).rest).toBe(
      'Le mot de passe actuel est incorrect.',
    );
  });
});
