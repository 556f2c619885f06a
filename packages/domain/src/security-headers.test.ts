import { describe, expect, it } from 'vitest';
import { cspDirective, pageContentSecurityPolicy, setPageSecurityHeaders } from './security-headers';

describe('pageContentSecurityPolicy frame sources', () => {
  it('frames only the page’s own site by default (default-src), and the given origins when asked', () => {
    expect(cspDirective(pageContentSecurityPolicy({ nonce: 'n' }), 'frame-src')).toBeNull();
    const policy = pageContentSecurityPolicy({ nonce: 'n', frameSources: ['https://www.guichet.fr'] });
    expect(cspDirective(policy, 'frame-src')).toBe("'self' https://www.guichet.fr");
    // Framing others is not being framed: the page itself still refuses every frame.
    expect(cspDirective(policy, 'frame-ancestors')).toBe("'none'");
  });
});

describe('pageContentSecurityPolicy image sources', () => {
  it('shows images of the page’s own site only by default, and of the given origins when asked', () => {
    expect(cspDirective(pageContentSecurityPolicy({ nonce: 'n' }), 'img-src')).toBe("'self' data: blob:");
    const policy = pageContentSecurityPolicy({ nonce: 'n', imageSources: ['https://www.guichet.fr'] });
    expect(cspDirective(policy, 'img-src')).toBe("'self' data: blob: https://www.guichet.fr");
  });
});

describe('a door’s scan page', () => {
  it('alone may use the camera (this site only) and compile WebAssembly (the QR decoder)', () => {
    const page = new Headers();
    setPageSecurityHeaders(page, { nonce: 'n' });
    expect(page.get('Permissions-Policy')).toMatch(/^camera=\(\),/);
    expect(cspDirective(page.get('Content-Security-Policy'), 'script-src')).toBe("'self' 'nonce-n'");
    const scan = new Headers();
    setPageSecurityHeaders(scan, { nonce: 'n', scanner: true });
    expect(scan.get('Permissions-Policy')).toMatch(/^camera=\(self\),/);
    expect(cspDirective(scan.get('Content-Security-Policy'), 'script-src')).toBe("'self' 'nonce-n' 'wasm-unsafe-eval'");
    const development = pageContentSecurityPolicy({ nonce: 'n', development: true, scanner: true });
    expect(cspDirective(development, 'script-src')).toBe("'self' 'nonce-n' 'wasm-unsafe-eval'");
  });
});
