import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.js';

describe('remembered', () => {
  it('computes a key once, then hands out the same value', () => {
    let calls = 0;
    const square = remembered((n: number) => {
      calls++;
      return { n: n * n };
    }, 10);
    const first = square(3);
    expect(square(3)).toBe(first);
    expect(first).toEqual({ n: 9 });
    expect(calls).toBe(1);
  });

  it('remembers a value that is falsy (undefined, 0, an empty string) as well', () => {
    let calls = 0;
    const nothing = remembered(() => {
      calls++;
      return undefined;
    }, 10);
    nothing('a');
    nothing('a');
    expect(calls).toBe(1);
  });

  it('never holds more than its limit, and still answers right once emptied', () => {
    const double = remembered((n: number) => n * 2, 100);
    for (let n = 0; n < 1_000; n++) expect(double(n)).toBe(n * 2);
    expect(double.size()).toBeLessThanOrEqual(100);
    expect(double(5)).toBe(10);
  });
});
