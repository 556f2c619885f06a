/**
 * The real API for a web test file (issue 24 §5): built by the API's own test helper on a fresh in-memory
 * PGlite (or a schema of DATABASE_URL), listening on loopback, with `serverEnv.API_URL` pointing at it for the
 * file's tests. Loaders and actions are then called with a `Request` and talk to it over HTTP as in
 * production; the tests read the API's state back through its rows. Only test files import the API (never
 * app code): the two apps still meet only over HTTP.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { orders, products, users } from '../../api/src/db/schema';
import { signAccessToken } from '../../api/src/services/auth/tokens';
import { insertConcert, listeningTestApp, type TestAppOptions } from '../../api/test/helpers';
import { serverEnv } from '../app/lib/server/env.server';
import { Session } from '../app/lib/server/session.server';
import { contextWith } from './session-support';

type TestApp = Awaited<ReturnType<typeof listeningTestApp>>;

export function realApi(options: TestAppOptions = {}) {
  let current: TestApp | undefined;
  let saved: { apiUrl: string; token: string | undefined };
  let ticketingId = 0;
  let count = 0;
  beforeAll(async () => {
    current = await listeningTestApp(options);
    saved = { apiUrl: serverEnv.API_URL, token: serverEnv.PUBLIC_API_TOKEN };
    serverEnv.API_URL = current.url;
    serverEnv.PUBLIC_API_TOKEN = current.env.PUBLIC_API_TOKEN;
    ticketingId = (await insertConcert(current.database.db, { title: 'Nuit du jazz' })).id;
  });
  afterAll(async () => {
    if (saved) {
      serverEnv.API_URL = saved.apiUrl;
      serverEnv.PUBLIC_API_TOKEN = saved.token;
    }
    await current?.close();
  });

  const api = () => {
    if (!current) throw new Error('real API not started');
    return current;
  };
  return {
    api,
    db: () => api().database.db,
    /** The concert every ticket of the file belongs to (published, a month from now). */
    ticketingId: () => ticketingId,
    /** A ticket of the file's concert, named « Nuit du jazz — Tarif n » in messages. */
    async ticket(values: { stock?: number; quota?: number; price?: number } = {}) {
      count += 1;
      const title = `Tarif ${count}`;
      const [row] = await api()
        .database.db.insert(products)
        .values({
          productType: 'TICKET',
          ticketingId,
          title,
          price: values.price ?? 2500,
          quota: values.quota ?? 10,
          stock: values.stock ?? 100,
          position: count,
        })
        .returning({ id: products.id });
      if (!row) throw new Error('no product');
      return { id: row.id, name: `Nuit du jazz — ${title}` };
    },
    /** An order's status as the API stored it, or null when there is no such order. */
    async orderStatus(id: number | undefined) {
      const [row] = await api()
        .database.db.select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, id ?? 0));
      return row?.status ?? null;
    },
    /** A member made in the database, with the router context of their session (token signed by the API). */
    async member(firstname = 'Alix') {
      count += 1;
      const [row] = await api()
        .database.db.insert(users)
        .values({
          firstname,
          lastname: 'Durand',
          email: `membre-${count}-${Math.random().toString(36).slice(2)}@exemple.fr`,
          passwordHash: 'jamais-utilisé',
        })
        .returning({ id: users.id, email: users.email });
      if (!row) throw new Error('no user');
      const token = await signAccessToken(api().env.JWT_SECRET, { id: row.id, firstname, sessionVersion: 0 });
      return { ...row, token, context: () => contextWith(new Session(token, 'refresh')) };
    },
  };
}
