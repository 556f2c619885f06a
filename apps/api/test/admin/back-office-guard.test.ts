/**
 * THE BACK OFFICE'S GUARD, generated from the route table: every route the app registers under /pro/admin is
 * collected as it is registered (an onRoute hook), so a route added later by any branch is held to the rule:
 * to anyone but a platform administrator — no token, a buyer of the public site, an organiser's owner, a scanner,
 * and an administrator's token of the public site — it is the 404 of a route that does not exist, whatever its
 * body or query (the guard runs before anything reads the request), and nothing changes. An administrator's pro
 * session gets past the guard (never that 404), so the test would fail if the guard let everyone in or no one.
 */

import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { bearer, logIn, registerUser } from '../auth/support.js';
import { createTestApp } from '../helpers.js';
import { addMember, organizerOf, proUser, type TestContext } from '../pro/support.js';
import { adminUser } from './support.js';

type Route = { method: string; url: string };
const routes: Route[] = [];
function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD' || !route.url.startsWith('/pro/admin/')) continue;
    routes.push({ method, url: route.url });
  }
}

let context: TestContext;
/** Every id in a path is 1: the guard answers before any row is looked up. */
const pathOf = (route: Route) => route.url.replace(/:(\w+)/g, '1');

/** What the back office writes: a count of its tables' rows, which a refused call must leave as they were. */
async function snapshot() {
  const tables = ['partner', 'offer', 'product', 'contest_game', 'article', 'survey', 'redirect', 'audit_log'];
  const counts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await rowsOf<{ n: number }>(
        context.database.db,
        sql.raw(`SELECT count(*)::int AS n FROM "${table}"`),
      );
      return `${table}=${row?.n}`;
    }),
  );
  return counts.join(' ');
}

beforeAll(async () => {
  context = await createTestApp({ onRoute: collect });
});
afterAll(async () => {
  await context.close();
});

describe('the back office route table', () => {
  it('is read from the app and holds every area', () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toContain('/pro/admin/audit');
    expect(urls).toContain('/pro/admin/organizers');
  });
});

describe('anyone but a platform administrator', () => {
  it('gets a 404 on every back-office route, and nothing changes', async () => {
    const buyer = await registerUser(context.app);
    const owner = await proUser(context);
    const organizerId = await organizerOf(context, owner.id);
    const scanner = await proUser(context);
    await addMember(context, organizerId, scanner.id, 'SCANNER');
    const admin = await adminUser(context);
    // An administrator's session of the public site is no key to the back office.
    const adminOnSite = await logIn(context.app, admin.email, admin.password);
    const callers: Record<string, Record<string, string>> = {
      'no token': {},
      'a buyer': bearer(buyer.tokens.accessToken),
      'an organiser': owner.headers,
      'a scanner': scanner.headers,
      'an administrator’s public-site token': bearer(adminOnSite.json<{ accessToken: string }>().accessToken),
      'a forged token': bearer('eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl'),
    };
    const before = await snapshot();
    for (const route of routes) {
      for (const [who, headers] of Object.entries(callers)) {
        const response = await context.app.inject({
          method: route.method as 'GET',
          url: pathOf(route),
          headers: { ...headers, 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{"x":"\\u0000"}' }),
        });
        expect(response.statusCode, `${route.method} ${route.url} as ${who}`).toBe(404);
        expect(response.json<{ code: string }>().code, `${route.method} ${route.url} as ${who}`).toBe(
          'ROUTE_NOT_FOUND',
        );
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets an administrator’s pro session past the guard on every route', async () => {
    const admin = await adminUser(context);
    for (const route of routes) {
      const response = await context.app.inject({
        method: route.method as 'GET',
        url: pathOf(route),
        headers: { ...admin.headers, 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
      });
      // Past the guard: the route's own answer (a page, a 400 of a bad body, the 404 of a row not found), never
      // the guard's ROUTE_NOT_FOUND.
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      if (response.statusCode === 404)
        expect(response.json<{ code: string }>().code, `${route.method} ${route.url}`).not.toBe('ROUTE_NOT_FOUND');
    }
  });
});
