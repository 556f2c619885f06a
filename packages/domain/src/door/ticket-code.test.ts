import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseTypedCode, TICKET_CODE_ALPHABET, TICKET_CODE_PATTERN } from './ticket-code.js';

const CODE = '8C8R-6U2U-KUDC-DGUA-R2G4-ZDPM-79C7';

describe('a code typed at the door', () => {
  it('is read as printed whatever the case, spaces and dashes', () => {
    for (const typed of [
      CODE,
      CODE.toLowerCase(),
      CODE.replaceAll('-', ''),
      CODE.replaceAll('-', ' '),
      ` ${CODE.replaceAll('-', ' – ')}\n`,
      '8c8r6u2ukudcdguar2g4zdpm79c7',
      '8C 8R-6U2U KUDC—DGUA R2G4 ZDPM 79C7',
    ]) {
      expect(normaliseTypedCode(typed)).toBe(CODE);
    }
  });

  it('is refused when a symbol is missing, extra, or not in the alphabet — look-alikes are not guessed', () => {
    for (const typed of [
      CODE.slice(0, -1),
      `${CODE}2`,
      CODE.replace('8C8R', '8C0R'),
      CODE.replace('8C8R', '8COR'),
      CODE.replace('8C8R', '8C1R'),
      CODE.replace('8C8R', '8CIR'),
      CODE.replace('8C8R', '8CLR'),
      CODE.replace('8C8R', '8C.R'),
      '',
      'GU1:',
    ]) {
      expect(normaliseTypedCode(typed)).toBeNull();
    }
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('comes out in the printed shape or not at all, for any text', () => {
    const symbol = fc.constantFrom(...TICKET_CODE_ALPHABET, ...TICKET_CODE_ALPHABET.toLowerCase(), ' ', '-', '0', 'O');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ minLength: 26, maxLength: 36, unit: symbol })), (typed) => {
        const code = normaliseTypedCode(typed);
        if (code) expect(code).toMatch(TICKET_CODE_PATTERN);
      }),
    );
  });
});
