import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE, FORM_MESSAGES, formatMessage } from './messages.js';
import { defineRule, isEmptyValue, parseDecimal, type Rule, rule } from './rules.js';
import { validateField } from './validate.js';

/** The message the field shows for a value, through the same path the forms use. */
const check = (value: unknown, r: Rule, allValues = {}) => validateField(value, [r], allValues);

const EMPTY_VALUES = [undefined, null, '', '   ', []];

/** Every rule but required and checked lets an empty value through (spec, section 5). */
function itLetsEmptyValuesPass(make: () => Rule) {
  it('lets empty values pass', () => {
    for (const value of EMPTY_VALUES) expect(check(value, make())).toBeNull();
  });
}

describe('the spec messages', () => {
  it('are the spec’s French texts, word for word', () => {
    expect(FORM_MESSAGES).toEqual({
      required: 'Veuillez renseigner ce champ.',
      numeric: 'Veuillez saisir une valeur valide.',
      decimal: 'Veuillez saisir une valeur valide.',
      integer: 'Veuillez saisir un chiffre entier.',
      email: 'Veuillez saisir une adresse e-mail valide.',
      url: 'Veuillez saisir un lien valide.',
      checked: 'Veuillez cocher cette case.',
      sameAs: 'Les valeurs ne correspondent pas.',
      regex: "La valeur saisi n'est pas valide.",
      dateBefore: 'Veuillez choisir une date supérieure à la date minimum.',
      dateAfter: 'Veuillez choisir une date inférieure à la date maximum.',
      ipv4: 'Veuillez saisir une adresse IP valide.',
      minValue: 'Veuillez saisir une valeur supérieur ou égale à {n}.',
      maxValue: 'Veuillez saisir une valeur inférieur ou égale à {n}.',
      maxLength: 'Veuillez saisir un texte contenant moins de {n} caractères.',
      maxDecimals: 'Veuillez saisir un chiffre à {n} décimale(s) maximum.',
      phone: 'Veuillez saisir un numéro de téléphone à {n} chiffres.',
      multipleOf: 'Veuillez saisir un multiple de {n}.',
    });
    expect(FALLBACK_MESSAGE).toBe('This field is not valid.');
  });

  it('replaces {n}, with a French decimal comma', () => {
    expect(formatMessage(FORM_MESSAGES.minValue, 3)).toBe('Veuillez saisir une valeur supérieur ou égale à 3.');
    expect(formatMessage(FORM_MESSAGES.maxValue, 2.5)).toBe('Veuillez saisir une valeur inférieur ou égale à 2,5.');
    expect(formatMessage(FORM_MESSAGES.required)).toBe('Veuillez renseigner ce champ.');
  });
});

describe('isEmptyValue', () => {
  it('treats undefined, null, empty arrays and blank strings as empty', () => {
    for (const value of EMPTY_VALUES) expect(isEmptyValue(value)).toBe(true);
    expect(isEmptyValue('\t\n')).toBe(true);
  });
  it('treats anything else as a value', () => {
    for (const value of ['0', 'a', 0, false, ['x']]) expect(isEmptyValue(value)).toBe(false);
  });
});

describe('parseDecimal', () => {
  it('reads French and English decimal separators', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 12.5 ')).toBe(12.5);
    expect(parseDecimal('-3')).toBe(-3);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal(7)).toBe(7);
  });
  it('refuses what is no number', () => {
    for (const value of ['', '1e3', '12,', '1 000', 'abc', '1.2.3', '0x10', Number.NaN]) {
      expect(parseDecimal(value)).toBeNull();
    }
  });
});

describe('required', () => {
  const required = rule.required();
  it('accepts any value', () => {
    for (const value of ['a', '0', 0, false, ['x']]) expect(check(value, required)).toBeNull();
  });
  it('refuses empty and blank values with the spec message', () => {
    for (const value of EMPTY_VALUES) expect(check(value, required)).toBe('Veuillez renseigner ce champ.');
  });
});

describe('numeric', () => {
  it('accepts unsigned numbers', () => {
    for (const value of ['0', '42', '12,5', '12.50', '.5']) expect(check(value, rule.numeric())).toBeNull();
  });
  it('refuses signs and text', () => {
    for (const value of ['-1', '+1', '1e3', 'douze', '12,', '1 000']) {
      expect(check(value, rule.numeric())).toBe('Veuillez saisir une valeur valide.');
    }
  });
  itLetsEmptyValuesPass(rule.numeric);
});

describe('decimal', () => {
  it('accepts signed decimal numbers', () => {
    for (const value of ['0', '-3,25', '+1.5', '42']) expect(check(value, rule.decimal())).toBeNull();
  });
  it('refuses what is no number', () => {
    for (const value of ['abc', '1,2,3', '--1', '1e3']) {
      expect(check(value, rule.decimal())).toBe('Veuillez saisir une valeur valide.');
    }
  });
  itLetsEmptyValuesPass(rule.decimal);
});

describe('integer', () => {
  it('accepts whole numbers', () => {
    for (const value of ['0', '42', '-7', 12]) expect(check(value, rule.integer())).toBeNull();
  });
  it('refuses decimals and text', () => {
    for (const value of ['1,5', '1.0', 'dix', '+-1']) {
      expect(check(value, rule.integer())).toBe('Veuillez saisir un chiffre entier.');
    }
  });
  itLetsEmptyValuesPass(rule.integer);
});

describe('email', () => {
  it('accepts addresses', () => {
    for (const value of ['camille@guichet.test', 'c.martin+billets@exemple.fr', ' demo@guichet.test ']) {
      expect(check(value, rule.email())).toBeNull();
    }
  });
  it('refuses what is no address', () => {
    for (const value of ['camille', 'camille@', '@guichet.fr', 'camille@localhost', 'a b@c.fr', 'a@b..fr', 'a@-b.fr']) {
      expect(check(value, rule.email())).toBe('Veuillez saisir une adresse e-mail valide.');
    }
  });
  itLetsEmptyValuesPass(rule.email);
});

describe('url', () => {
  it('accepts absolute web links', () => {
    for (const value of [
      'https://www.guichet.fr',
      'http://exemple.fr/billets?ville=lyon#date',
      'https://fête.fr/page',
      'https://a.fr:8443/x',
    ]) {
      expect(check(value, rule.url())).toBeNull();
    }
  });
  it('refuses relative links, other schemes and junk', () => {
    for (const value of [
      'www.guichet.fr',
      '/agenda',
      'javascript:alert(1)',
      'ftp://a.fr',
      'https://',
      'https://localhost',
      'https://a b.fr',
    ]) {
      expect(check(value, rule.url())).toBe('Veuillez saisir un lien valide.');
    }
  });
  itLetsEmptyValuesPass(rule.url);
});

describe('checked', () => {
  it('accepts a ticked box (true on the client, "on" or its value from the browser)', () => {
    for (const value of [true, 'on', 'yes']) expect(check(value, rule.checked())).toBeNull();
  });
  it('refuses an unticked box, even though it is "empty"', () => {
    for (const value of [false, undefined, null, '', 'false']) {
      expect(check(value, rule.checked())).toBe('Veuillez cocher cette case.');
    }
  });
});

describe('sameAs', () => {
  const confirmation = rule.sameAs('password');
  it('accepts the same value as the other field', () => {
    expect(check('s3cret!', confirmation, { password: 's3cret!' })).toBeNull();
  });
  it('refuses a different value', () => {
    expect(check('s3cret', confirmation, { password: 's3cret!' })).toBe('Les valeurs ne correspondent pas.');
    expect(check('s3cret', confirmation, {})).toBe('Les valeurs ne correspondent pas.');
  });
  it('keeps the other field as its parameter', () => {
    expect(confirmation.param).toBe('password');
  });
  itLetsEmptyValuesPass(() => rule.sameAs('password'));
});

describe('regex', () => {
  it('accepts a matching value', () => {
    expect(check('75001', rule.regex(/^\d{5}$/))).toBeNull();
    expect(check('abc', rule.regex('^[a-c]+$'))).toBeNull();
  });
  it('refuses a value that does not match, with the spec’s own grammar', () => {
    expect(check('7500', rule.regex(/^\d{5}$/))).toBe("La valeur saisi n'est pas valide.");
  });
  it('has no memory between tests, even with a global pattern', () => {
    const global = rule.regex(/^\d+$/g);
    expect(check('12', global)).toBeNull();
    expect(check('12', global)).toBeNull();
  });
  itLetsEmptyValuesPass(() => rule.regex(/^\d{5}$/));
});

describe('dateBefore (not before the minimum)', () => {
  const notBefore = rule.dateBefore('2026-03-10');
  it('accepts the minimum and later dates', () => {
    for (const value of ['2026-03-10', '2026-03-11', '2027-01-01', '2026-03-10T00:00']) {
      expect(check(value, notBefore)).toBeNull();
    }
  });
  it('refuses earlier dates and unreadable ones', () => {
    for (const value of ['2026-03-09', '2025-12-31', '2026-02-30', '10/03/2026', 'demain']) {
      expect(check(value, notBefore)).toBe('Veuillez choisir une date supérieure à la date minimum.');
    }
  });
  it('takes a Date as its minimum (its local day)', () => {
    expect(check('2026-03-09', rule.dateBefore(new Date(2026, 2, 10, 15)))).not.toBeNull();
    expect(check('2026-03-10', rule.dateBefore(new Date(2026, 2, 10, 15)))).toBeNull();
  });
  itLetsEmptyValuesPass(() => rule.dateBefore('2026-03-10'));
});

describe('dateAfter (not after the maximum)', () => {
  const notAfter = rule.dateAfter('2026-03-10');
  it('accepts the maximum and earlier dates', () => {
    for (const value of ['2026-03-10', '2026-03-09', '2020-02-29', '2026-03-10T23:59']) {
      expect(check(value, notAfter)).toBeNull();
    }
  });
  it('refuses later dates and unreadable ones', () => {
    for (const value of ['2026-03-11', '2027-01-01', '2026-13-01', 'hier']) {
      expect(check(value, notAfter)).toBe('Veuillez choisir une date inférieure à la date maximum.');
    }
  });
  itLetsEmptyValuesPass(() => rule.dateAfter('2026-03-10'));
});

describe('ipv4', () => {
  it('accepts addresses', () => {
    for (const value of ['192.168.0.1', '0.0.0.0', '255.255.255.255']) expect(check(value, rule.ipv4())).toBeNull();
  });
  it('refuses out-of-range parts, leading zeros and other shapes', () => {
    for (const value of ['256.1.1.1', '1.1.1', '1.1.1.1.1', '01.1.1.1', 'a.b.c.d', '1..1.1', '::1']) {
      expect(check(value, rule.ipv4())).toBe('Veuillez saisir une adresse IP valide.');
    }
  });
  itLetsEmptyValuesPass(rule.ipv4);
});

describe('minValue', () => {
  it('accepts the minimum and above', () => {
    for (const value of ['3', '3,5', '100', 3]) expect(check(value, rule.minValue(3))).toBeNull();
  });
  it('refuses smaller numbers and text, naming the minimum', () => {
    expect(check('2', rule.minValue(3))).toBe('Veuillez saisir une valeur supérieur ou égale à 3.');
    expect(check('abc', rule.minValue(3))).toBe('Veuillez saisir une valeur supérieur ou égale à 3.');
    expect(check('0,4', rule.minValue(0.5))).toBe('Veuillez saisir une valeur supérieur ou égale à 0,5.');
  });
  itLetsEmptyValuesPass(() => rule.minValue(3));
});

describe('maxValue', () => {
  it('accepts the maximum and below', () => {
    for (const value of ['10', '-4', '9,99']) expect(check(value, rule.maxValue(10))).toBeNull();
  });
  it('refuses larger numbers, naming the maximum', () => {
    expect(check('11', rule.maxValue(10))).toBe('Veuillez saisir une valeur inférieur ou égale à 10.');
    expect(check('dix', rule.maxValue(10))).toBe('Veuillez saisir une valeur inférieur ou égale à 10.');
  });
  itLetsEmptyValuesPass(() => rule.maxValue(10));
});

describe('maxLength', () => {
  it('accepts up to n characters, n included', () => {
    expect(check('abcde', rule.maxLength(5))).toBeNull();
    expect(check('abc', rule.maxLength(5))).toBeNull();
    // Code points, not UTF-16 units: each emoji is one character.
    expect(check('🎫🎫🎫🎫🎫', rule.maxLength(5))).toBeNull();
  });
  it('refuses longer texts, naming n', () => {
    expect(check('abcdef', rule.maxLength(5))).toBe('Veuillez saisir un texte contenant moins de 5 caractères.');
  });
  itLetsEmptyValuesPass(() => rule.maxLength(5));
});

describe('maxDecimals', () => {
  it('accepts up to n decimals', () => {
    for (const value of ['12', '12,5', '12.50', '-0,01']) expect(check(value, rule.maxDecimals(2))).toBeNull();
  });
  it('refuses more decimals and text, naming n', () => {
    expect(check('12,505', rule.maxDecimals(2))).toBe('Veuillez saisir un chiffre à 2 décimale(s) maximum.');
    expect(check('douze', rule.maxDecimals(2))).toBe('Veuillez saisir un chiffre à 2 décimale(s) maximum.');
    expect(check('1,5', rule.maxDecimals(0))).toBe('Veuillez saisir un chiffre à 0 décimale(s) maximum.');
  });
  itLetsEmptyValuesPass(() => rule.maxDecimals(2));
});

describe('phone (exactly n digits)', () => {
  it('accepts n digits, with spaces, dots or dashes between them', () => {
    for (const value of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78']) {
      expect(check(value, rule.phone(10))).toBeNull();
    }
  });
  it('refuses another number of digits or other characters, naming n', () => {
    for (const value of ['06 12 34 56 7', '06 12 34 56 78 9', '+33 6 12 34 56 78', '06 12 AB 56 78']) {
      expect(check(value, rule.phone(10))).toBe('Veuillez saisir un numéro de téléphone à 10 chiffres.');
    }
  });
  itLetsEmptyValuesPass(() => rule.phone(10));
});

describe('multipleOf', () => {
  it('accepts multiples, decimal steps included', () => {
    for (const value of ['0', '4', '-6', '10']) expect(check(value, rule.multipleOf(2))).toBeNull();
    expect(check('0,3', rule.multipleOf(0.1))).toBeNull();
    expect(check('1,5', rule.multipleOf(0.5))).toBeNull();
  });
  it('refuses other numbers and text, naming n', () => {
    expect(check('5', rule.multipleOf(2))).toBe('Veuillez saisir un multiple de 2.');
    expect(check('deux', rule.multipleOf(2))).toBe('Veuillez saisir un multiple de 2.');
    expect(check('0,7', rule.multipleOf(0.5))).toBe('Veuillez saisir un multiple de 0,5.');
  });
  it('refuses everything for a step of 0', () => {
    expect(check('0', rule.multipleOf(0))).toBe('Veuillez saisir un multiple de 0.');
  });
  itLetsEmptyValuesPass(() => rule.multipleOf(2));
});

describe('custom rules', () => {
  it('use the spec fallback message when they have none', () => {
    const even = defineRule({ name: 'even', test: (value) => Number(value) % 2 === 0 });
    expect(check('3', even)).toBe('This field is not valid.');
    expect(check('4', even)).toBeNull();
  });
  it('also use it for a blank message', () => {
    expect(check('x', defineRule({ name: 'never', message: ' ', test: () => false }))).toBe('This field is not valid.');
  });
  it('refuse the value when they throw', () => {
    const broken = defineRule({
      name: 'broken',
      message: 'Cassé.',
      test: () => {
        throw new Error('bug');
      },
    });
    expect(check('x', broken)).toBe('Cassé.');
  });
});
