/**
 * Guards of the guest-only and logged-in-only pages (spec sections 2, 5, 6), the redirectAfterLogin cookie
 * (section 3). Sessions themselves change only through `Session.commit` / `Session.destroy` (session.server.ts).
 */
import { HOME_LINK, safeInternalPath } from '@guichet/domain';
import { type RouterContextProvider, redirect } from 'react-router';
import { LOGIN_PATH, type SessionUser } from '../session-user';
import { getSession, redirectAfterLoginCookie } from './session.server';

/** Guest-only pages: a logged-in visitor is sent to the home link (/). */
export function requireGuest(context: Readonly<RouterContextProvider>): void {
  if (getSession(context).user) throw redirect(HOME_LINK);
}

/** The path and query a visitor asked for, as a value for redirectAfterLogin. */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Sends the visitor to the login page, remembering where to bring them back afterwards. */
export async function loginRedirect(request: Request, headers: HeadersInit = {}): Promise<Response> {
  const withCookie = new Headers(headers);
  withCookie.append('Set-Cookie', await redirectAfterLoginCookie.serialize(requestedPath(request)));
  return redirect(LOGIN_PATH, { headers: withCookie });
}

/** Logged-in-only pages: the session's user, or a redirect to the login page that comes back here. */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  const user = getSession(context).user;
  if (!user) throw await loginRedirect(request);
  return user;
}

/**
 * Pages never worth coming back to after logging in: guest-only pages (they would send to / anyway)
 * and the logout action.
 */
const NOT_AFTER_LOGIN = /^\/(?:auth|forgot-password|logout)(?:[/?#]|$)/;

/** Where to go once logged in: the redirectAfterLogin path when it is safe, else the home link. */
export async function afterLoginTarget(request: Request): Promise<string> {
  const stored = safeInternalPath(await redirectAfterLoginCookie.parse(request.headers.get('Cookie')));
  return stored === null || NOT_AFTER_LOGIN.test(stored) ? HOME_LINK : stored;
}

/**
 * After a login or a registration: to redirectAfterLogin (then forgotten), or to the home link. `setCookies`
 * are carried along (the account's cart).
 */
export async function redirectAfterLogin(request: Request, setCookies: readonly string[] = []): Promise<Response> {
  const target = await afterLoginTarget(request);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', await redirectAfterLoginCookie.serialize('', { maxAge: 0 }));
  return redirect(target, { headers });
}
