import { describe, expect, it } from 'vitest';
import { errorMessageFor } from './error-page.js';

describe('errorMessageFor', () => {
  it.each([
    [401, 'Page non autorisée'],
    [403, 'Page interdite'],
    [404, 'Page non trouvée'],
    [413, 'Formulaire trop volumineux'],
    [415, 'Formulaire non reconnu'],
    [429, 'Trop de tentatives'],
    [502, 'Service indisponible'],
    // Not in the spec's list: issue 8 asks the French 503 « Service indisponible » page for an unreachable API.
    [503, 'Service indisponible'],
  ])('gives the message for %i', (statusCode, message) => {
    expect(errorMessageFor(statusCode)).toBe(message);
  });

  it.each([400, 410, 500, 504, 0])('falls back to the generic message for %i', (statusCode) => {
    expect(errorMessageFor(statusCode)).toBe('Une erreur est survenue');
  });
});
