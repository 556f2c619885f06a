/**
 * The guest-only and logged-in-only layouts (spec sections 2 and 6), as React Router calls their loaders: the
 * guard of every page below them, not only of the functions they call (guards.server.test.ts tests those).
 * Found by the planted-bug check (docs/decisions/0057): removing either guard failed no test.
 */
import { describe, expect, it } from 'vitest';
import { guest, loggedIn, thrown } from '../../test/session-support';
import { redirectAfterLoginCookie } from '../lib/server/session.server';
import { loader as accountLayout } from './account-layout.route';
import { loader as authLayout } from './auth-layout.route';

const page = (path: string) => new Request(`http://localhost:3000${path}`);

describe('the account’s layouts', () => {
  it('/auth/… sends a logged-in member home, and lets a guest in', async () => {
    const response = (await thrown(() =>
      authLayout({ request: page('/auth/login'), params: {}, context: loggedIn() } as never),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
    expect(authLayout({ request: page('/auth/login'), params: {}, context: guest() } as never)).toBeNull();
  });

  it('/account/… sends a guest to the login page, to come back to the page asked for; lets a member in', async () => {
    const response = (await thrown(() =>
      accountLayout({ request: page('/account/orders?page=2'), params: {}, context: guest() } as never),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/auth/login');
    expect(await redirectAfterLoginCookie.parse(response.headers.get('Set-Cookie'))).toBe('/account/orders?page=2');
    expect(await accountLayout({ request: page('/account'), params: {}, context: loggedIn() } as never)).toBeNull();
  });
});
