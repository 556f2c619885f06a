import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnv } from '../../src/env.js';
import { addressKey } from '../../src/services/auth/throttle.js';
import { testSecrets } from '../helpers.js';

describe('authentication and mail settings', () => {
  it('have defaults for a developer machine', () => {
    const env = parseEnv(testSecrets());
    expect(env.TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1']);
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('Guichet <no-reply@guichet.example>');
    expect(env.MAIL_OUTBOX_DIR).toMatch(/\.data\/outbox$/);
  });

  it('read lists of proxies, addresses and ranges', () => {
    const env = parseEnv({
      ...testSecrets(),
      TRUSTED_PROXIES: ' 10.0.0.0/8, fd00::/8 ,192.168.1.1,loopback',
      SITE_URL: 'https://guichet.fr/',
    });
    expect(env.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', 'fd00::/8', '192.168.1.1', 'loopback']);
    expect(env.SITE_URL).toBe('https://guichet.fr');
  });

  it('refuse what is not an address, a URL or an SMTP URL', () => {
    expect(() => parseEnv({ ...testSecrets(), TRUSTED_PROXIES: '127.0.0.1,web' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv({ ...testSecrets(), TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseEnv({ ...testSecrets(), SITE_URL: 'guichet.fr' })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ ...testSecrets(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL doit commencer par smtp/);
  });
});

describe('addressKey', () => {
  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0DB8:0000:0001:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
