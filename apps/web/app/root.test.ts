/**
 * The root route's middleware as React Router runs it before any loader or action: the cross-site check
 * must stand in front of every post (cross-site.server.test.ts tests the check itself, this its wiring).
 */
import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { serverEnv } from './lib/server/env.server';
import { sessionContext } from './lib/server/session.server';
import { middleware } from './root';

/**
 * Runs the root's middleware chain the way the router does: each one's `next` runs the ones after it
 * and finally the route's handler; one that returns nothing answers what `next` answered.
 */
async function runRoot(request: Request, context: RouterContextProvider, handler: () => Promise<Response>) {
  const args = { request, url: new URL(request.url), pattern: '/', params: {}, context };
  const run = async (index: number): Promise<Response> => {
    const current = middleware[index];
    if (!current) return handler();
    let downstream: Promise<Response> | undefined;
    const next = () => {
      downstream ??= run(index + 1);
      return downstream;
    };
    return (await current(args, next)) ?? next();
  };
  return run(0);
}

/** What the router turns a thrown `data(…, { status })` or Response into: its status and body. */
async function refusal(work: () => Promise<unknown>): Promise<{ status: number | undefined; body: unknown }> {
  try {
    await work();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    const { init, data } = thrown as { init?: ResponseInit | null; data?: unknown };
    return { status: init?.status, body: data };
  }
  throw new Error('nothing thrown: the request went through');
}

const site = new URL(serverEnv.SITE_URL);
const loginPost = (headers: Record<string, string>) =>
  new Request(new URL('/auth/login', site), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: 'email=camille%40guichet.test&password=x',
  });

describe('root middleware', () => {
  it('refuses a post from another site with a 403, before any action runs', async () => {
    const action = vi.fn(async () => new Response('action'));
    const context = new RouterContextProvider();
    const answer = await refusal(() =>
      runRoot(loginPost({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }), context, action),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/ne vient pas de ce site/);
    expect(action).not.toHaveBeenCalled();
  });

  it('lets a post from the site itself through to its action, with the session resolved', async () => {
    const context = new RouterContextProvider();
    const action = vi.fn(async () => {
      expect(context.get(sessionContext).user).toBeNull();
      return new Response('action', { status: 200 });
    });
    const response = await runRoot(
      loginPost({ Origin: site.origin, 'Sec-Fetch-Site': 'same-origin' }),
      context,
      action,
    );
    expect(action).toHaveBeenCalledOnce();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('action');
  });
});
