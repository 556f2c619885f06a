import { describe, expect, it } from 'vitest';
import { serverEnv } from '../lib/server/env.server';
import { holderField } from './checkout';
import { checkoutRefusal, paymentLocation } from './checkout.server';

const holders = [{ productID: 12, names: ['Inès Achat', 'Jules Achat'] }];
const holderFields = [holderField(12, 0), holderField(12, 1)];
const values = { street: '12 rue des Lilas', city: 'Paris' };

describe('a refused order as the checkout shows it', () => {
  it('puts a sold-out or repriced line’s message on that line (the rank is the recap’s), and says it once above', () => {
    const shown = checkoutRefusal(
      {
        statusCode: 409,
        code: 'PRICE_CHANGED',
        message: 'Un prix a changé depuis votre récapitulatif.',
        issues: [
          {
            path: ['cartItems', 1],
            code: 'PRICE_CHANGED',
            message: 'Le prix de « Spa » a changé : 45,00 € désormais.',
          },
        ],
      },
      [12, 30],
      holders,
      holderFields,
      values,
    );
    expect(shown.lineErrors).toEqual({ 30: 'Le prix de « Spa » a changé : 45,00 € désormais.' });
    expect(shown.alert).toBe('Un prix a changé depuis votre récapitulatif.');
    // Everything typed comes back.
    expect(shown.reply.values).toEqual(values);
  });

  it('puts a holder’s name and a billing field on their fields, with no alert when all found their place', () => {
    const shown = checkoutRefusal(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Données invalides.',
        issues: [
          { path: ['holders', 0, 'names', 1], code: 'too_small', message: 'Veuillez renseigner ce champ.' },
          { path: ['billing', 'postalCode'], code: 'invalid_format', message: 'La valeur saisi n’est pas valide.' },
        ],
      },
      [12],
      holders,
      holderFields,
      values,
    );
    expect(shown.reply.errors).toEqual({
      [holderField(12, 1)]: 'Veuillez renseigner ce champ.',
      postalCode: 'La valeur saisi n’est pas valide.',
    });
    expect(shown.alert).toBeNull();
    expect(shown.lineErrors).toEqual({});
  });

  it('says an unreachable API above the form', () => {
    const shown = checkoutRefusal(
      { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Le service est momentanément indisponible.' },
      [12],
      holders,
      holderFields,
      values,
    );
    expect(shown.alert).toBe('Le service est momentanément indisponible.');
  });
});

describe('where the buyer goes to pay', () => {
  it('stays on the address the visitor uses for the demo page, and leaves for a provider’s page as it is', () => {
    expect(paymentLocation(`${serverEnv.SITE_URL}/payment?order=7.abc`)).toBe('/payment?order=7.abc');
    expect(paymentLocation('/payment?order=7.abc')).toBe('/payment?order=7.abc');
    expect(paymentLocation('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
  });
});
