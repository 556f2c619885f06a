import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frenchDelay, RATE_LIMITS } from '../src/plugins/rate-limits.js';
import { createTestApp } from './helpers.js';

/**
 * The abuse limits, counted in this process's memory (the Redis counters shared by several processes are
 * tested in apps/api/test-redis when REDIS_URL names a server). Each test speaks from addresses of its own.
 */

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ env: { RATE_LIMITS: 'true' } });
});
afterAll(async () => {
  await context.close();
});

/** A concrete URL of a route pattern: every `:param` becomes 1. */
const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, '1');

const forgot = (remoteAddress: string) =>
  context.app.inject({
    method: 'POST',
    url: '/password/forgot',
    payload: { email: 'camille@exemple.fr' },
    remoteAddress,
  });

describe('abuse limits', () => {
  it('refuse the 6th reset request of a quarter of an hour with 429, a French message and Retry-After', async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await forgot('10.1.0.1')).statusCode).toBe(202);
    const refused = await forgot('10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Trop de tentatives en peu de temps\. Réessayez dans 1[45] minutes\.$/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another visitor is not concerned.
    expect((await forgot('10.1.0.2')).statusCode).toBe(202);
  });

  it('count an IPv6 visitor per network, not per address (one visitor holds many)', async () => {
    for (let host = 1; host <= 5; host++) expect((await forgot(`2001:db8:1:1::${host}`)).statusCode).toBe(202);
    expect((await forgot('2001:db8:1:1::99')).statusCode).toBe(429);
    expect((await forgot('2001:db8:2:1::1')).statusCode).toBe(202);
  });

  // Named with their numbers, not read from the table: a limit removed from it or raised there fails here.
  it('refuse the 21st POST /orders from one address within a minute', async () => {
    const order = () => context.app.inject({ method: 'POST', url: '/orders', payload: {}, remoteAddress: '10.6.0.1' });
    for (let attempt = 1; attempt <= 20; attempt++) expect((await order()).statusCode, `n° ${attempt}`).not.toBe(429);
    const refused = await order();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('refuse the 6th new pro confirmation link of a quarter of an hour from one address, as a reset link', async () => {
    const ask = () =>
      context.app.inject({
        method: 'POST',
        url: '/pro/signup/resend',
        payload: { email: 'camille@exemple.fr' },
        remoteAddress: '10.6.0.3',
      });
    for (let attempt = 0; attempt < 5; attempt++) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('refuse the 11th card attempt from one address within a minute (card testing)', async () => {
    const attempt = () =>
      context.app.inject({
        method: 'POST',
        url: '/payments/demo/1.AAAAAAAAAAAAAAAAAAAAAA/attempts',
        payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
        remoteAddress: '10.6.0.2',
      });
    for (let tried = 1; tried <= 10; tried++) expect((await attempt()).statusCode, `n° ${tried}`).not.toBe(429);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('guard every route of the table, from its first request on, whatever the request holds', async () => {
    let visitor = 0;
    for (const [endpoint, limit] of RATE_LIMITS) {
      visitor++;
      const request = {
        method: endpoint.method,
        url: urlOf(endpoint.path),
        payload: {},
        remoteAddress: `10.2.${visitor}.1`,
      } as const;
      for (let attempt = 0; attempt < limit.max; attempt++) {
        const answer = await context.app.inject(request);
        expect(answer.statusCode, `${endpoint.method} ${endpoint.path} n° ${attempt + 1}`).not.toBe(429);
      }
      const refused = await context.app.inject(request);
      expect(refused.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
    }
  });

  it('leave reading alone: pages are not counted', async () => {
    for (let attempt = 0; attempt < 150; attempt++) {
      const answer = await context.app.inject({ method: 'GET', url: '/health', remoteAddress: '10.3.0.1' });
      expect(answer.statusCode).not.toBe(429);
    }
  });

  it('believe the address the web server forwards, and only the web server', async () => {
    const viaWeb = (forwarded: string, remoteAddress: string) =>
      context.app.inject({
        method: 'POST',
        url: '/password/forgot',
        payload: { email: 'camille@exemple.fr' },
        headers: { 'x-forwarded-for': forwarded },
        remoteAddress,
      });
    // Two visitors behind the web server (loopback, trusted) are counted apart.
    for (let attempt = 0; attempt < 5; attempt++) expect((await viaWeb('10.4.0.1', '127.0.0.1')).statusCode).toBe(202);
    expect((await viaWeb('10.4.0.1', '127.0.0.1')).statusCode).toBe(429);
    expect((await viaWeb('10.4.0.2', '127.0.0.1')).statusCode).toBe(202);
    // A visitor who is not the web server cannot pose as someone else to start afresh.
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await viaWeb(`10.4.1.${attempt}`, '10.4.0.3')).statusCode).toBe(202);
    expect((await viaWeb('10.4.1.99', '10.4.0.3')).statusCode).toBe(429);
  });

  it('say how long to wait as a person would', () => {
    expect(frenchDelay(1)).toBe('1 seconde');
    expect(frenchDelay(42.2)).toBe('43 secondes');
    expect(frenchDelay(60)).toBe('1 minute');
    expect(frenchDelay(61)).toBe('2 minutes');
    expect(frenchDelay(900)).toBe('15 minutes');
  });
});

describe('abuse limits switched off (RATE_LIMITS=false) or counted in a Redis out of reach', () => {
  it('let every request through', { timeout: 120_000 }, async () => {
    for (const env of [{ RATE_LIMITS: 'false' }, { RATE_LIMITS: 'true', REDIS_URL: 'redis://127.0.0.1:1' }]) {
      const other = await createTestApp({ env });
      try {
        for (let attempt = 0; attempt < 8; attempt++) {
          const answer = await other.app.inject({
            method: 'POST',
            url: '/password/forgot',
            payload: { email: 'camille@exemple.fr' },
            remoteAddress: '10.5.0.1',
          });
          expect(answer.statusCode, JSON.stringify(env)).toBe(202);
        }
      } finally {
        await other.close();
      }
    }
  });
});
