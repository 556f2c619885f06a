import { describe, expect, it } from 'vitest';
import { parseEnv, publicEnv } from './env.server';

describe('parseEnv', () => {
  it('gives the defaults', () => {
    expect(parseEnv({})).toEqual({
      SITE_URL: 'http://localhost:3000',
      API_URL: 'http://localhost:4000',
      SUPPORT_URL: 'https://support.guichet.example',
      PRO_URL: 'http://localhost:3001',
      PREVIEW_FEATURES: true,
    });
    expect(parseEnv({ SITE_URL: '' }).SITE_URL).toBe('http://localhost:3000');
  });

  it('has no public token of its own: none outside production, required in production', () => {
    expect(parseEnv({}).PUBLIC_API_TOKEN).toBeUndefined();
    expect(parseEnv({ PUBLIC_API_TOKEN: '' }).PUBLIC_API_TOKEN).toBeUndefined();
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_API_TOKEN est obligatoire en production/);
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_API_TOKEN: '' })).toThrow(/PUBLIC_API_TOKEN/);
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_API_TOKEN: 'un-jeton-de-production' }).PUBLIC_API_TOKEN).toBe(
      'un-jeton-de-production',
    );
  });

  it('reads the variables and drops trailing slashes', () => {
    const env = parseEnv({
      SITE_URL: 'https://www.guichet.fr/',
      API_URL: 'http://api:4000',
      PREVIEW_FEATURES: 'false',
    });
    expect(env.SITE_URL).toBe('https://www.guichet.fr');
    expect(env.API_URL).toBe('http://api:4000');
    expect(env.PREVIEW_FEATURES).toBe(false);
  });

  it("turns preview features off only with 'false'", () => {
    expect(parseEnv({ PREVIEW_FEATURES: '0' }).PREVIEW_FEATURES).toBe(true);
    expect(parseEnv({ PREVIEW_FEATURES: 'true' }).PREVIEW_FEATURES).toBe(true);
  });

  it('rejects a URL that is not http(s)', () => {
    expect(() => parseEnv({ SITE_URL: 'pas une url' })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ PRO_URL: 'ftp://pro.example' })).toThrow(/PRO_URL/);
  });
});

describe('publicEnv', () => {
  it('never gives the public API token to the browser', () => {
    const env = parseEnv({ PUBLIC_API_TOKEN: 'un-jeton-de-production-secret' });
    expect(env.PUBLIC_API_TOKEN).toBe('un-jeton-de-production-secret');
    expect(JSON.stringify(publicEnv(env))).not.toContain('un-jeton-de-production-secret');
  });

  it('keeps what pages need', () => {
    expect(publicEnv(parseEnv({}))).toEqual({
      siteUrl: 'http://localhost:3000',
      supportUrl: 'https://support.guichet.example',
      proUrl: 'http://localhost:3001',
      previewFeatures: true,
    });
  });
});
