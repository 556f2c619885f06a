/**
 * The card form of the demo payment page (apps/web/app/checkout/payment.route.tsx), each field declared once: the
 * browser checks them as the buyer types, the web action before sending, and the demo provider's API
 * schema (packages/contracts/src/payments/demo-payment.ts) with the same French messages. The card data
 * goes to the demo provider's endpoint only: never into the order tables or the logs.
 */
import { hasLuhnKey } from './check-digits.js';
import { type Rule, rule } from './rules.js';
import { type TextField, textField } from './text.js';

export const PAYMENT_FIELD_MESSAGES = {
  cardNumber: 'Numéro de carte invalide : vérifiez les 16 chiffres.',
  expiry: 'Date d’expiration invalide : MM/AA.',
  expiredCard: 'Cette carte est expirée.',
  cvc: 'Le cryptogramme compte 3 chiffres (4 pour American Express).',
} as const;

/** The digits of a card number typed with spaces or dashes between groups. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries: catches a mistyped digit before the bank does. */
export function passesLuhn(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && hasLuhnKey(digits);
}

const cardNumberRule: Rule = {
  name: 'cardNumber',
  message: PAYMENT_FIELD_MESSAGES.cardNumber,
  test: (value) => typeof value === 'string' && passesLuhn(cardDigits(value)),
};

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** The month and 4-digit year of « MM/AA », or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = EXPIRY.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** A card is valid until the end of its expiry month, in Paris as anywhere to within a day. */
export function isCardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 > expiry.year * 12 + expiry.month;
}

const expiryRule: Rule = {
  name: 'expiry',
  message: PAYMENT_FIELD_MESSAGES.expiry,
  test: (value) => typeof value === 'string' && parseExpiry(value) !== null,
};

const notExpiredRule: Rule = {
  name: 'notExpired',
  message: PAYMENT_FIELD_MESSAGES.expiredCard,
  test: (value) => {
    const expiry = typeof value === 'string' ? parseExpiry(value) : null;
    return expiry === null || !isCardExpired(expiry, new Date());
  },
};

export const PAYMENT_FIELDS = {
  /** 16 digits, as typed with the MASKS.card groups. */
  cardNumber: textField({ max: 23, rules: [cardNumberRule] }),
  expiry: textField({ max: 7, rules: [expiryRule, notExpiredRule] }),
  cvc: textField({ max: 4, rules: [{ ...rule.regex(/^\d{3,4}$/), message: PAYMENT_FIELD_MESSAGES.cvc }] }),
} as const satisfies Record<string, TextField>;
