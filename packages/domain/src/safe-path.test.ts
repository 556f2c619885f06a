import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeInternalPath } from './safe-path.js';

describe('safeInternalPath', () => {
  it('accepts paths of this site', () => {
    for (const path of ['/', '/account', '/account/orders?page=2', '/cart#paiement', '/%E3%80%80/x']) {
      expect(safeInternalPath(path), path).toBe(path);
    }
  });

  it('percent-encodes what a Location cannot hold (beyond Latin-1, and beyond ASCII)', () => {
    expect(safeInternalPath('/\u3000/x')).toBe('/%E3%80%80/x');
    expect(safeInternalPath('/a\u2028b')).toBe('/a%E2%80%A8b');
    expect(safeInternalPath('/billetterie/théâtre?q=été')).toBe('/billetterie/th%C3%A9%C3%A2tre?q=%C3%A9t%C3%A9');
    expect(safeInternalPath('/😀')).toBe('/%F0%9F%98%80');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/account',
      'account',
      '',
      '/account\nSet-Cookie: x',
      '/\t/evil.example',
      '/ evil',
      '/\ud800',
      `/${'a'.repeat(2100)}`,
      `/${'é'.repeat(400)}`,
      42,
      null,
    ]) {
      expect(safeInternalPath(value), String(value)).toBeNull();
    }
  });

  it('whatever string it is given: null, or a Location a response can carry, on this site', () => {
    const site = 'https://guichet.example';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary' }).map((text) => `/${text}`),
        ),
        (value) => {
          const path = safeInternalPath(value);
          if (path === null) return;
          expect(() => new Headers({ Location: path })).not.toThrow();
          expect(path).toMatch(/^\/(?![/\\])/);
          expect(new URL(path, site).origin).toBe(site);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
