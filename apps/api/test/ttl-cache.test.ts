import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from '../src/lib/ttl-cache.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('ttlCache', () => {
  it('computes once per key while fresh, again once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const cache = ttlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const compute = vi.fn(async () => compute.mock.calls.length);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    vi.setSystemTime(999);
    expect(await cache.get('a', compute)).toBe(1);
    vi.setSystemTime(1000);
    expect(await cache.get('a', compute)).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('tells whether it keeps a key, while fresh, without computing anything', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const cache = ttlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const compute = vi.fn(async () => 7);
    expect(cache.has('a')).toBe(false);
    await cache.get('a', compute);
    expect(cache.has('a')).toBe(true);
    vi.setSystemTime(1000);
    expect(cache.has('a')).toBe(false);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('shares one computation between concurrent calls, and keeps no failure', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('base indisponible'));
    };
    await Promise.all([
      expect(cache.get('k', failing)).rejects.toThrow('base indisponible'),
      expect(cache.get('k', failing)).rejects.toThrow('base indisponible'),
    ]);
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('holds at most maxEntries, forgetting the oldest', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });
});
