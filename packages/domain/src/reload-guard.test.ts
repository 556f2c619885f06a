import { describe, expect, it } from 'vitest';
import { claimChunkReload, isChunkLoadError } from './reload-guard.js';

function memoryLog() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

describe('claimChunkReload', () => {
  it('allows one reload per path every 10 seconds', () => {
    const log = memoryLog();
    expect(claimChunkReload('/agenda', 1_000, log)).toBe(true);
    expect(claimChunkReload('/agenda', 5_000, log)).toBe(false);
    expect(claimChunkReload('/agenda', 10_999, log)).toBe(false);
    expect(claimChunkReload('/agenda', 11_000, log)).toBe(true);
  });

  it('counts each path on its own', () => {
    const log = memoryLog();
    expect(claimChunkReload('/agenda', 1_000, log)).toBe(true);
    expect(claimChunkReload('/artistes', 1_500, log)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ chunk failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
