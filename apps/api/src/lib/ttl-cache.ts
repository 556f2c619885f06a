/**
 * A small in-process cache of values that every visitor shares and that may be a few seconds old (the facet
 * counts of a deals search): at most `maxEntries`, each for `ttlMs`; the oldest entry leaves first.
 * Concurrent misses for one key share one computation.
 */
export type TtlCache<V> = {
  get(key: string, compute: () => Promise<V>): Promise<V>;
  /** Whether a value is kept for `key` (perhaps still being computed): nothing is computed. */
  has(key: string): boolean;
  clear(): void;
};

export function ttlCache<V>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): TtlCache<V> {
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key, compute) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.expires > now) return cached.value;
      entries.delete(key);
      const value = compute();
      entries.set(key, { expires: now + ttlMs, value });
      // A failure is not kept: the next call computes again.
      value.catch(() => entries.delete(key));
      // Map keeps insertion order: the first key is the oldest.
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    has(key) {
      const cached = entries.get(key);
      return cached !== undefined && cached.expires > Date.now();
    },
    clear: () => entries.clear(),
  };
}
