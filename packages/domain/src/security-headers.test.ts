import { describe, expect, it } from 'vitest';
import { cspDirective, pageContentSecurityPolicy } from './security-headers';

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
