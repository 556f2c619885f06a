import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  newTicketCode,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_PATTERN,
  TICKET_CODE_SYMBOLS,
} from '../../src/services/documents/codes.js';
import { qrPng } from '../../src/services/documents/qr.js';

describe('newTicketCode', () => {
  it('writes groups of four symbols without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = newTicketCode();
      expect(code).toMatch(TICKET_CODE_PATTERN);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('carries at least 128 random bits', () => {
    expect(TICKET_CODE_SYMBOLS * Math.log2(new Set(TICKET_CODE_ALPHABET).size)).toBeGreaterThanOrEqual(128);
  });

  it('draws 10,000 distinct codes, using every symbol', () => {
    const codes = Array.from({ length: 10_000 }, newTicketCode);
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join('').replaceAll('-', ''));
    expect([...used].sort().join('')).toBe([...TICKET_CODE_ALPHABET].sort().join(''));
  });
});

describe('qrPng', () => {
  it('draws a PNG that decodes back to the text', async () => {
    const code = newTicketCode();
    const png = PNG.sync.read(await qrPng(code));
    expect(png.width).toBeGreaterThanOrEqual(250);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(code);
  });
});
