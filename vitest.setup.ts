/**
 * Any console.error a test did not ask for fails it (as epic-stack does): an error logged and swallowed is
 * a bug nobody sees. A test that expects one says so with
 * `vi.spyOn(console, 'error').mockImplementation(() => {})`, which replaces this recorder.
 */
import { afterEach, beforeEach, vi } from 'vitest';

const originalError = console.error;
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
    originalError(...args);
  });
});

afterEach(() => {
  const calls = unexpected;
  unexpected = [];
  if (calls.length > 0) {
    throw new Error(
      `console.error appelé ${calls.length} fois sans que le test l’attende : ${calls
        .map((args) => args.map(String).join(' '))
        .join(' | ')
        .slice(0, 500)}`,
    );
  }
});
