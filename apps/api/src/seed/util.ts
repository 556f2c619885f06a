/** Small pure helpers of the demo catalogue: slugs, a seeded PRNG, dates relative to "today", prices. */

import { slugify } from '@guichet/domain';

export { slugify };

/** Upper-cased first letter of a name, without accents (the index letter of /artistes). */
export function initialOf(name: string): string {
  const letter = slugify(name).charAt(0).toUpperCase();
  return letter === '' ? '#' : letter;
}

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
};

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() sur une liste vide');
      return item;
    },
  };
}

/** FNV-1a 32-bit hash of a string: stable seeds and hues derived from slugs. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The instant `dayOffset` days after the UTC calendar day of `today`, at `hour`:`minute` UTC.
 * Evening shows use 19:00Z (20:00 in Paris in winter, 21:00 in summer).
 */
export function dayAt(today: Date, dayOffset: number, hour = 0, minute = 0): Date {
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + dayOffset, hour, minute, 0, 0),
  );
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
