/**
 * POST /billetterie/:ticketingID/vue against the real API (issue 24 §5): the site adds its public token and the
 * view is counted under its source; a crawler, a bad id or a hand-made source count nothing more than a
 * direct view. The browser never sees the token: it is the site's server that sends it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageViews } from '../../../api/src/db/schema';
import { realApi } from '../../test/real-api';
import { post } from '../../test/requests';
import { guest } from '../../test/session-support';
import { serverEnv } from '../lib/server/env.server';
import { action } from './ticketing-view.route';

const real = realApi();

const view = (ticketingID: string, fields: Record<string, string>, userAgent = 'Mozilla/5.0 Firefox/130.0') => {
  const request = post(`/billetterie/${ticketingID}/vue`, fields);
  request.headers.set('user-agent', userAgent);
  return action({ request, params: { ticketingID }, context: guest() } as never) as Promise<Response>;
};

const counted = async () =>
  Object.fromEntries(
    (await real.db().select().from(pageViews).where(eq(pageViews.ticketingId, real.ticketingId()))).map((row) => [
      row.source,
      row.views,
    ]),
  );

describe('counting a view of a ticketing page', () => {
  it('counts a visitor’s view under its source (upper case), a hand-made source as a direct view; a crawler’s not at all', async () => {
    const id = String(real.ticketingId());
    expect((await view(id, { source: 'newsletter' })).status).toBe(204);
    await view(id, { source: 'newsletter' });
    await view(id, { source: '<script>' });
    await view(id, { source: 'newsletter' }, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    expect(await counted()).toEqual({ NEWSLETTER: 2, DIRECT: 1 });
  });

  it('a bad id or a site without the right token loses the view quietly (204), nothing counted', async () => {
    const before = await counted();
    expect((await view('abc', {})).status).toBe(204);
    const token = serverEnv.PUBLIC_API_TOKEN;
    serverEnv.PUBLIC_API_TOKEN = 'x'.repeat(32);
    try {
      expect((await view(String(real.ticketingId()), {})).status).toBe(204);
    } finally {
      serverEnv.PUBLIC_API_TOKEN = token;
    }
    expect(await counted()).toEqual(before);
  });
});
