import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './network.js';

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::ffff:127.0.0.1',
    '::FFFF:127.1.2.3',
    '0:0:0:0:0:ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('knows %s is the machine itself', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    undefined,
    null,
    '',
    'localhost',
    '128.0.0.1',
    '10.0.0.1',
    '192.168.1.10',
    '126.255.255.255',
    '127.0.0.256',
    '127.0.0',
    '127.0.0.1.5',
    '::',
    '::2',
    '1::1',
    'fe80::1',
    '::ffff:192.168.1.10',
    '::ffff:10.127.0.1',
    '::127.0.0.1',
    '2001:db8::ffff:127.0.0.1',
    '::1::',
    '0:0:0:0:0:0:0:0:1',
    'x::1',
  ])('knows %s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
