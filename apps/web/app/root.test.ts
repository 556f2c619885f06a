/**
 * The root route's middleware as React Router runs it before any loader or action: the cross-site check
 * must stand in front of every post (packages/domain's cross-site.test.ts tests the check itself, this its wiring).
 */

import { FORM_LIMITS, readFormData } from '@guichet/ui/read-form.server';
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

  describe('reads every post once, bounded, before any action runs', () => {
    const sameSite = { Origin: site.origin, 'Sec-Fetch-Site': 'same-origin' };
    const post = (body: BodyInit | null, contentType: string | null, path = '/auth/login') =>
      new Request(new URL(path, site), {
        method: 'POST',
        headers: { ...sameSite, ...(contentType ? { 'Content-Type': contentType } : {}) },
        body,
      });
    /** The status and French message of a post the middleware refuses; the action never runs. */
    async function refused(request: Request) {
      const action = vi.fn(async () => new Response('action'));
      const answer = await refusal(() => runRoot(request, new RouterContextProvider(), action));
      expect(action).not.toHaveBeenCalled();
      return answer;
    }
    const URLENCODED = 'application/x-www-form-urlencoded';

    it('refuses 20,000 and 300,000 fields (413), and a body over the size limit even without its length', async () => {
      for (const count of [20_000, 300_000]) {
        const answer = await refused(post('a=&'.repeat(count), URLENCODED));
        expect(answer.status).toBe(413);
        expect(answer.body).toMatch(/trop volumineux/);
      }
      expect((await refused(post(`a=${'x'.repeat(FORM_LIMITS.bytes)}`, URLENCODED))).status).toBe(413);
      const streamed = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < 20; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(4096)));
          controller.close();
        },
      });
      const unannounced = new Request(new URL('/auth/login', site), {
        method: 'POST',
        headers: { ...sameSite, 'Content-Type': URLENCODED },
        body: streamed,
        duplex: 'half',
      } as RequestInit);
      expect((await refused(unannounced)).status).toBe(413);
    });

    it('refuses a body that is not a form (415) and a broken multipart one (400)', async () => {
      for (const [body, type] of [
        ['{"email":"camille@guichet.test"}', 'application/json'],
        ['email=camille', 'text/plain'],
        ['email=camille', null],
      ] as const) {
        const answer = await refused(post(body, type));
        expect(answer.status, String(type)).toBe(415);
        expect(answer.body).toMatch(/n’accepte que des formulaires/);
      }
      const broken = await refused(post('--x\r\nnot a part', 'multipart/form-data; boundary=x'));
      expect(broken.status).toBe(400);
      expect(broken.body).toMatch(/illisible/);
    });

    /** The request an action gets: React Router hands the body on in a new Request (stripIndexParam). */
    const handedOn = (request: Request) =>
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        duplex: 'half',
      } as RequestInit);

    it('lets a form of the allowed size through, its body still unread for the action', async () => {
      const fields = Array.from({ length: FORM_LIMITS.fields }, (_, index) => `f${index}=${index}`).join('&');
      for (const request of [post(fields, `${URLENCODED};charset=UTF-8`), post(null, null)]) {
        const action = vi.fn(async () => {
          const form = await readFormData(handedOn(request));
          return new Response(String([...form.keys()].length));
        });
        const response = await runRoot(request, new RouterContextProvider(), action);
        expect(action).toHaveBeenCalledOnce();
        expect(await response.text()).toBe(request.body ? String(FORM_LIMITS.fields) : '0');
      }
      const multipart = new FormData();
      multipart.append('email', 'camille@guichet.test');
      const request = new Request(new URL('/auth/login', site), { method: 'POST', headers: sameSite, body: multipart });
      const response = await runRoot(request, new RouterContextProvider(), async () =>
        Response.json(Object.fromEntries(await readFormData(handedOn(request)))),
      );
      expect(await response.json()).toEqual({ email: 'camille@guichet.test' });
    });
  });
});
