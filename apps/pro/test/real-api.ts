/**
 * The real API for a pro test file: the API's own test app (fresh in-memory PGlite) listening on loopback,
 * with the pro site's `serverEnv.API_URL` pointing at it for the file's tests. Loaders and actions are then
 * called with a `Request` and talk to it over HTTP as in production; only test files import the API.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { listeningTestApp, type TestAppOptions } from '../../api/test/helpers';
import { confirmedMember, mailedToken, proLogin } from '../../api/test/pro/support';
import { serverEnv } from '../app/lib/server/env.server';
import { ProSession, proSessionContext } from '../app/lib/server/session.server';

type TestApp = Awaited<ReturnType<typeof listeningTestApp>>;

export const PRO = 'http://localhost:3001';

/** A router context holding `session`, as the root middleware leaves it. */
export function contextWith(session: ProSession) {
  const context = new RouterContextProvider();
  context.set(proSessionContext, session);
  return context;
}

export const signedOut = () => contextWith(new ProSession(null, null));

/** A form post to a pro page, as a browser sends it (urlencoded). */
export function post(path: string, fields: Record<string, string>) {
  return new Request(`${PRO}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What a loader or action answered, returned or thrown (redirects are thrown). */
export async function outcome(work: () => unknown): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    return error;
  }
}

export const get = (path: string) => new Request(`${PRO}${path}`);

/** What a loader or action threw (a redirect Response, React Router's data…), or an error when nothing was. */
export async function thrown(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

export function realProApi(options: TestAppOptions = {}) {
  let current: TestApp | undefined;
  let savedUrl = '';
  beforeAll(async () => {
    current = await listeningTestApp(options);
    savedUrl = serverEnv.API_URL;
    serverEnv.API_URL = current.url;
  });
  afterAll(async () => {
    if (savedUrl) serverEnv.API_URL = savedUrl;
    await current?.close();
  });
  const api = () => {
    if (!current) throw new Error('real API not started');
    return current;
  };
  return {
    api,
    /** The token of the latest /confirmer or /invitation link mailed to `email`. */
    mailedToken: (email: string, path: '/confirmer' | '/invitation') => mailedToken(api(), email, path),
    /** A confirmed account working for a new organiser with `role`, signed in to the pro site. */
    async member(role: 'OWNER' | 'MANAGER' | 'SCANNER' = 'OWNER') {
      const member = await confirmedMember(api().app, api().database.db, role);
      const tokens = await proLogin(api(), member.email, member.password);
      return { ...member, tokens, context: () => contextWith(new ProSession(tokens.accessToken, tokens.refreshToken)) };
    },
    /** A confirmed owner of a new organiser, signed in to the pro site. */
    owner() {
      return this.member('OWNER');
    },
  };
}
