/**
 * The pro root's middleware as React Router runs it before any loader or action: a post from another site
 * — the public site included — is refused before any action runs; the organiser's session is then set.
 */
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getProSession } from './lib/server/session.server';
import { middleware } from './root';

const PRO = 'http://localhost:3001';

async function run(request: Request) {
  const context = new RouterContextProvider();
  const [first] = middleware;
  if (!first) throw new Error('no middleware');
  let reached = false;
  const args = { request, url: new URL(request.url), pattern: '/', params: {}, context };
  try {
    await first(args, async () => {
      reached = true;
      return new Response('ok');
    });
  } catch (thrown) {
    return { reached, status: (thrown as { init?: ResponseInit }).init?.status, context };
  }
  return { reached, status: 200, context };
}

const post = (headers: Record<string, string>) => new Request(`${PRO}/connexion`, { method: 'POST', headers });

describe('the pro root middleware', () => {
  it('refuses a post from another site, the public site included, before any action', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000' },
      {},
    ];
    for (const headers of refused) {
      const result = await run(post(headers));
      expect(result, JSON.stringify(headers)).toMatchObject({ reached: false, status: 403 });
    }
  });

  it('lets this site’s posts and every read through, with the session set', async () => {
    const own = await run(post({ 'sec-fetch-site': 'same-origin', origin: PRO }));
    expect(own.reached).toBe(true);
    expect(getProSession(own.context).signedIn).toBe(false);
    const read = await run(new Request(`${PRO}/`, { headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(read.reached).toBe(true);
  });
});
