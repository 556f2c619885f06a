/** Sessions for server-side tests of the web: a decoded user without the API's signature. */
import { RouterContextProvider } from 'react-router';
import { Session, sessionContext } from '../app/lib/server/session.server';

/** A JWT-shaped token whose claims the web decodes (the signature is the API's business). */
export function accessToken(claims: Record<string, unknown> = {}) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '7', id: 7, firstname: 'Camille', iat: now, exp: now + 900, ...claims })}.signature`;
}

export function contextWith(session: Session) {
  const context = new RouterContextProvider();
  context.set(sessionContext, session);
  return context;
}

export const loggedIn = () => contextWith(new Session(accessToken(), 'refresh'));
export const guest = () => contextWith(new Session(null, null));

/** What a loader or action threw: React Router's `data(…, { status })`, a Response, or anything else. */
export async function thrown(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}
