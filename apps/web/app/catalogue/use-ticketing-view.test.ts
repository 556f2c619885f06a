import { describe, expect, it } from 'vitest';
import { viewCounterPath, viewSource } from './use-ticketing-view';

describe('view counting', () => {
  it('keeps a source the API accepts, else DIRECT', () => {
    expect(viewSource('NEWSLETTER')).toBe('NEWSLETTER');
    expect(viewSource('facebook_ads-2')).toBe('facebook_ads-2');
    expect(viewSource(null)).toBe('DIRECT');
    expect(viewSource('')).toBe('DIRECT');
    expect(viewSource('face book')).toBe('DIRECT');
    expect(viewSource('é')).toBe('DIRECT');
    expect(viewSource('a'.repeat(65))).toBe('DIRECT');
  });

  it('posts to the site, never to the API', () => {
    expect(viewCounterPath(42)).toBe('/billetterie/42/vue');
  });
});
