import type { ErrorAnswer } from '@guichet/contracts';
import { describe, expect, it } from 'vitest';
import { formFailure } from './form-failure';

const refused = (answer: Partial<ErrorAnswer>): ErrorAnswer => ({
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  message: 'Certains champs sont invalides.',
  ...answer,
});

describe('formFailure', () => {
  it('puts each issue on the form field named by the last key of its path', () => {
    const failure = refused({
      issues: [
        {
          path: ['user', 'password'],
          code: 'too_small',
          message: 'Le mot de passe doit contenir au moins 8 caractères.',
        },
        {
          path: ['facturationAddress', 'postalCode'],
          code: 'invalid_format',
          message: "La valeur saisi n'est pas valide.",
        },
        { path: ['user', 'password'], code: 'custom', message: 'Ce mot de passe est trop courant.' },
      ],
    });
    expect(formFailure(failure, ['password', 'postalCode'])).toEqual({
      errors: {
        password: 'Le mot de passe doit contenir au moins 8 caractères.',
        postalCode: "La valeur saisi n'est pas valide.",
      },
      alert: null,
    });
  });

  it('says above the form what has no field in it', () => {
    const failure = refused({
      issues: [
        { path: ['user', 'email'], code: 'invalid_format', message: 'Veuillez saisir une adresse e-mail valide.' },
        { path: ['items', 0, 'quantity'], code: 'too_big', message: 'Quantité trop grande.' },
      ],
    });
    expect(formFailure(failure, ['email'])).toEqual({
      errors: { email: 'Veuillez saisir une adresse e-mail valide.' },
      alert: 'Quantité trop grande.',
    });
    expect(formFailure(failure, ['firstname'])).toEqual({ errors: {}, alert: 'Certains champs sont invalides.' });
  });

  it('decides on the code, whatever the wording, for failures that belong to one field', () => {
    const failure = refused({ statusCode: 409, code: 'EMAIL_TAKEN', message: 'Un libellé reformulé par l’API.' });
    expect(formFailure(failure, ['email'], { EMAIL_TAKEN: 'email' })).toEqual({
      errors: { email: 'Un libellé reformulé par l’API.' },
      alert: null,
    });
  });

  it('makes any other failure one alert', () => {
    const failure = refused({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service indisponible.' });
    expect(formFailure(failure, ['email'], { EMAIL_TAKEN: 'email' })).toEqual({
      errors: {},
      alert: 'Service indisponible.',
    });
  });
});
