import { describe, expect, it } from 'vitest';
import { rule } from './rules.js';
import { isRequiredByRules, validateField, validateForm } from './validate.js';

describe('validateField', () => {
  const emailRules = [rule.required(), rule.email(), rule.maxLength(20)];

  it('returns the message of the first broken rule, in the order given', () => {
    expect(validateField('', emailRules)).toBe('Veuillez renseigner ce champ.');
    expect(validateField('camille', emailRules)).toBe('Veuillez saisir une adresse e-mail valide.');
    expect(validateField('camille.martin@guichet.test', emailRules)).toBe(
      'Veuillez saisir un texte contenant moins de 20 caractères.',
    );
  });

  it('returns null when every rule holds, and for no rules', () => {
    expect(validateField('c@guichet.fr', emailRules)).toBeNull();
    expect(validateField('anything', [])).toBeNull();
  });

  it('skips every rule but required for an empty optional field', () => {
    expect(validateField('', [rule.email(), rule.phone(10), rule.minValue(3)])).toBeNull();
  });

  it('checks every value of a field sent several times', () => {
    expect(validateField(['1', '2'], [rule.integer()])).toBeNull();
    expect(validateField(['1', 'x'], [rule.integer()])).toBe('Veuillez saisir un chiffre entier.');
    expect(validateField([], [rule.required()])).toBe('Veuillez renseigner ce champ.');
  });
});

describe('validateForm', () => {
  const registerRules = {
    firstname: [rule.required(), rule.maxLength(50)],
    email: [rule.required(), rule.email()],
    password: [rule.required()],
    passwordConfirmation: [rule.required(), rule.sameAs('password')],
    phone: [rule.phone(10)],
    terms: [rule.checked()],
  };

  it('gives each invalid field its first message', () => {
    expect(
      validateForm({ firstname: 'Camille', email: 'camille', password: 'a', passwordConfirmation: 'b' }, registerRules),
    ).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide.',
      passwordConfirmation: 'Les valeurs ne correspondent pas.',
      terms: 'Veuillez cocher cette case.',
    });
  });

  it('gives an empty object for a valid form', () => {
    expect(
      validateForm(
        {
          firstname: 'Camille',
          email: 'camille@guichet.test',
          password: 'secret',
          passwordConfirmation: 'secret',
          phone: '',
          terms: 'on',
        },
        registerRules,
      ),
    ).toEqual({});
  });

  it('ignores values without rules', () => {
    expect(validateForm({ other: '' }, { name: [rule.required()] })).toEqual({ name: 'Veuillez renseigner ce champ.' });
  });
});

describe('isRequiredByRules', () => {
  it('is true with required or checked', () => {
    expect(isRequiredByRules([rule.email(), rule.required()])).toBe(true);
    expect(isRequiredByRules([rule.checked()])).toBe(true);
  });
  it('is false otherwise', () => {
    expect(isRequiredByRules([rule.email()])).toBe(false);
    expect(isRequiredByRules([])).toBe(false);
  });
});
