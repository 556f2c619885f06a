import { cspDirective } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import { formTargets, parseEnv } from '../lib/server/env.server';
import { contentSecurityPolicy, isEmbedPath, setSecurityHeaders } from './security-headers';

const NONCE = 'bm9uY2UtZGUtdGVzdA==';

function headersFor(pathname: string, options: { development?: boolean; production?: boolean } = {}) {
  const headers = new Headers({ 'X-Frame-Options': 'SAMEORIGIN' });
  setSecurityHeaders(headers, { pathname, nonce: NONCE, ...options });
  return headers;
}

describe('security headers', () => {
  it('run only this site’s scripts, and inline ones only with the response’s nonce', () => {
    const policy = headersFor('/').get('Content-Security-Policy');
    expect(cspDirective(policy, 'script-src')).toBe(`'self' 'nonce-${NONCE}'`);
    expect(cspDirective(policy, 'default-src')).toBe("'self'");
    expect(cspDirective(policy, 'object-src')).toBe("'none'");
    expect(cspDirective(policy, 'base-uri')).toBe("'none'");
    // Nothing lets a script in by another door.
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*\.|https:/);
  });

  it('let forms post to this site only, and to the payment provider’s page when it is another site', () => {
    for (const path of ['/', '/payment', '/auth/login', '/embed/ticketing/1']) {
      expect(cspDirective(headersFor(path).get('Content-Security-Policy'), 'form-action'), path).toBe("'self'");
    }
    const withStripe = contentSecurityPolicy({
      pathname: '/cart',
      nonce: NONCE,
      formTargets: formTargets(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })),
    });
    expect(cspDirective(withStripe, 'form-action')).toBe("'self' https://checkout.stripe.com");
    expect(formTargets(parseEnv({ PAYMENT_PROVIDER: 'stripe' }))).toEqual(['https://checkout.stripe.com']);
    expect(formTargets(parseEnv({ PAYMENT_PROVIDER: 'demo', STRIPE_SECRET_KEY: 'sk_test_1' }))).toEqual([]);
    expect(formTargets(parseEnv({}))).toEqual([]);
  });

  it('let any site frame the embed pages, and no one any other page', () => {
    const embed = headersFor('/embed/organizer/2');
    expect(cspDirective(embed.get('Content-Security-Policy'), 'frame-ancestors')).toBe('*');
    expect(embed.get('X-Frame-Options')).toBeNull();
    for (const path of ['/', '/billetterie/les-nuits-electriques-1', '/embedded', '/organizer/2', '/payment']) {
      const headers = headersFor(path);
      expect(cspDirective(headers.get('Content-Security-Policy'), 'frame-ancestors'), path).toBe("'none'");
      expect(headers.get('X-Frame-Options'), path).toBe('DENY');
    }
  });

  it('tell other sites only our origin, and nothing from pages whose address carries a secret', () => {
    expect(headersFor('/billetteries').get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    for (const path of ['/payment', '/download', '/download/billets.pdf', '/forgot-password'])
      expect(headersFor(path).get('Referrer-Policy'), path).toBe('same-origin');
  });

  it('forbid sniffing and the device features the site never uses', () => {
    const headers = headersFor('/cart');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Permissions-Policy')).toContain('camera=()');
    expect(headers.get('Permissions-Policy')).toContain('geolocation=()');
  });

  it('ask browsers to keep to HTTPS in production only', () => {
    expect(headersFor('/', { production: true }).get('Strict-Transport-Security')).toMatch(/^max-age=\d{8,}/);
    expect(headersFor('/').get('Strict-Transport-Security')).toBeNull();
  });

  it('leave Vite’s development scripts alone, keeping the rest', () => {
    const policy = contentSecurityPolicy({ pathname: '/', nonce: NONCE, development: true });
    expect(cspDirective(policy, 'script-src')).toBeNull();
    expect(cspDirective(policy, 'frame-ancestors')).toBe("'none'");
    expect(cspDirective(policy, 'object-src')).toBe("'none'");
  });

  it('recognise embed paths exactly', () => {
    expect(isEmbedPath('/embed/ticketing/1')).toBe(true);
    expect(isEmbedPath('/embed')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
  });
});
