/**
 * The real API for a pro test file: built by the API's own test helper on a fresh in-memory PGlite, listening
 * on loopback, with the pro site's `serverEnv.API_URL` pointing at it for the file's tests. Loaders and actions
 * are then called with a `Request` and talk to it over HTTP as in production. Only test files import the API.
 */
import type { AddressInfo } from 'node:net';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestAppOptions } from '../../api/test/helpers';
import { confirmedMember } from '../../api/test/pro/support';
import { serverEnv } from '../app/lib/server/env.server';
import { ProSession, proSessionContext } from '../app/lib/server/session.server';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A router context signed in with these tokens, as the pro site's middleware makes it. */
export function proContextWith(accessToken: string | null) {
  const context = new RouterContextProvider();
  context.set(proSessionContext, new ProSession(accessToken, accessToken ? 'refresh' : null));
  return context;
}

export function realProApi(options: TestAppOptions = {}) {
  let current: TestApp | undefined;
  let savedUrl = '';
  beforeAll(async () => {
    current = await createTestApp(options);
    await current.app.listen({ port: 0, host: '127.0.0.1' });
    savedUrl = serverEnv.API_URL;
    serverEnv.API_URL = `http://127.0.0.1:${(current.app.server.address() as AddressInfo).port}`;
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
    /** A confirmed owner of a new organiser, signed in to the pro site: their organiser and router context. */
    async owner() {
      const member = await confirmedMember(api().app, api().database.db);
      const login = await api().app.inject({
        method: 'POST',
        url: '/pro/session',
        payload: { email: member.email, password: member.password },
      });
      if (login.statusCode !== 200) throw new Error(`pro login failed: ${login.statusCode}`);
      const { accessToken } = login.json<{ accessToken: string }>();
      return { ...member, accessToken, context: () => proContextWith(accessToken) };
    },
  };
}
