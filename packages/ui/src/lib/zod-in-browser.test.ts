// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

describe('zod-in-browser', () => {
  it('makes Zod build its schemas without compiling them, without importing Zod', async () => {
    await import('./zod-in-browser');
    const { z } = await import('zod');
    // What Zod itself reads when a schema is built: fails if Zod keeps its configuration elsewhere one day.
    expect(z.config().jitless).toBe(true);
    expect(z.object({ nom: z.string() }).parse({ nom: 'Camille' })).toEqual({ nom: 'Camille' });
  });
});
