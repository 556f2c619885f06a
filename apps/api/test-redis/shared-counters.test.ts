import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.js';

/**
 * Two API processes (two apps) counting one visitor together in the Redis server REDIS_URL names: a visitor
 * cannot double the limit by landing on the other process. Runs only when REDIS_URL is set (vitest.config.ts).
 */

const REDIS_URL = process.env.REDIS_URL;
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  if (!REDIS_URL) throw new Error('REDIS_URL manquant : ce test compte dans un serveur Redis.');
  [first, second] = await Promise.all([
    createTestApp({ env: { RATE_LIMITS: 'true', REDIS_URL } }),
    createTestApp({ env: { RATE_LIMITS: 'true', REDIS_URL } }),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** An address of this run alone: counters in a shared Redis outlive a run. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const forgot = (context: typeof first, remoteAddress: string) =>
  context.app.inject({
    method: 'POST',
    url: '/password/forgot',
    payload: { email: 'camille@exemple.fr' },
    remoteAddress,
  });

describe('abuse limits in Redis', () => {
  it('count a visitor once across processes: 5 reset requests in all, the 6th refused on either', async () => {
    const visitor = freshAddress();
    for (const context of [first, second, first, second, first])
      expect((await forgot(context, visitor)).statusCode).toBe(202);
    const refused = await forgot(second, visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot(first, visitor)).statusCode).toBe(429);
    expect((await forgot(first, freshAddress())).statusCode).toBe(202);
  });

  it('count concurrent requests exactly: 20 at once across both, 5 pass', async () => {
    const visitor = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => forgot(index % 2 ? first : second, visitor)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
