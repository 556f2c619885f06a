/**
 * `refresh()` after a write must see it: a caller arriving while a read is under way (which may have begun
 * before its write) gets the next read, shared with everyone else arriving meanwhile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { type DataVersionWatch, watchDataVersion } from '../src/services/data-version.js';

/** A database whose every read of the version waits until the test answers it. */
function pendingReads() {
  const answers: ((version: number) => void)[] = [];
  const db = {
    execute: () => new Promise((resolve) => answers.push((version) => resolve({ rows: [{ version }] }))),
  } as unknown as Database;
  return { db, answers };
}

let watch: DataVersionWatch | undefined;
afterEach(() => watch?.stop());

describe('watchDataVersion', () => {
  it('gives callers arriving during a read the next one, one read for all of them', async () => {
    const { db, answers } = pendingReads();
    // A long poll: only the first read and the test's own calls happen.
    watch = watchDataVersion(db, { pollMs: 60_000 });
    expect(answers).toHaveLength(1);

    const during = [watch.refresh(), watch.refresh(), watch.refresh()];
    // Still one read under way: the callers wait for the one after it.
    expect(answers).toHaveLength(1);
    answers[0]?.(5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toHaveLength(2);
    expect(watch.current()).toBe('5');

    answers[1]?.(7);
    expect(await Promise.all(during)).toEqual(['7', '7', '7']);
    expect(watch.current()).toBe('7');

    // Nothing under way: a call reads at once.
    const alone = watch.refresh();
    expect(answers).toHaveLength(3);
    answers[2]?.(8);
    expect(await alone).toBe('8');
  });
});
