import { describe, expect, it } from 'vitest';
import { isEmbedPath, setFramingHeaders } from './framing';

describe('framing headers', () => {
  it('let any site frame the embed pages', () => {
    const headers = new Headers({ 'X-Frame-Options': 'SAMEORIGIN' });
    setFramingHeaders(headers, '/embed/organizer/2');
    expect(headers.get('Content-Security-Policy')).toBe('frame-ancestors *');
    expect(headers.get('X-Frame-Options')).toBeNull();
  });

  it('refuse framing by other sites everywhere else', () => {
    for (const path of ['/', '/billetterie/les-nuits-electriques-1', '/embedded', '/organizer/2']) {
      const headers = new Headers();
      setFramingHeaders(headers, path);
      expect(headers.get('Content-Security-Policy'), path).toBe("frame-ancestors 'self'");
      expect(headers.get('X-Frame-Options'), path).toBe('SAMEORIGIN');
    }
  });

  it('refuse any framing of the payment page, this site included', () => {
    const headers = new Headers();
    setFramingHeaders(headers, '/payment');
    expect(headers.get('Content-Security-Policy')).toBe("frame-ancestors 'none'");
    expect(headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('recognise embed paths exactly', () => {
    expect(isEmbedPath('/embed/ticketing/1')).toBe(true);
    expect(isEmbedPath('/embed')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
  });
});
