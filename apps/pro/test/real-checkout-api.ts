/**
 * The real API for a pro site test file: the checkout suites' app (apps/api/test/orders/checkout-support, a
 * fresh PGlite, a concert on sale, the demo bank) listening on loopback, with the pro site's `serverEnv.API_URL`
 * pointing at it. Loaders are called with a `Request` and the router context of a real pro login, and talk to
 * the API over HTTP as in production. Only test files import the API: the two apps meet only over HTTP.
 */
import type { AddressInfo } from 'node:net';
import type { OrganizerRole } from '@guichet/domain';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
// Aliased: a vitest set-up, not a React hook (the pro lint's rules of hooks go by the name).
import { ctx, useCheckoutApp as startCheckoutApp } from '../../api/test/orders/checkout-support';
import { addMember, proUser } from '../../api/test/pro/support';
import { serverEnv } from '../app/lib/server/env.server';
import { ProSession, proSessionContext } from '../app/lib/server/session.server';

export { thrown } from './real-api';

export function realCheckoutApi() {
  startCheckoutApp();
  let saved = '';
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    saved = serverEnv.API_URL;
    serverEnv.API_URL = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    serverEnv.API_URL = saved;
  });
}

/** The router context of a signed-out visitor, or of a pro session holding `accessToken`. */
export function proContext(accessToken: string | null = null) {
  const context = new RouterContextProvider();
  context.set(proSessionContext, new ProSession(accessToken, accessToken ? 'refresh' : null));
  return context;
}

/** A confirmed account logged in to the pro site through the API, member of `organizerId` with `role`. */
export async function proMember(organizerId: number, role: OrganizerRole = 'OWNER') {
  const user = await proUser(ctx());
  await addMember(ctx(), organizerId, user.id, role);
  return { ...user, context: () => proContext(user.pro.accessToken) };
}

/** The status of what a loader threw (`data()` keeps it in `init`, a Response in `status`). */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  return (error as { init?: ResponseInit } | null)?.init?.status;
}
