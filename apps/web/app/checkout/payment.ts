/**
 * The demo payment page's card form and its countdown (issue 11). The card fields' rules are the domain's
 * (PAYMENT_FIELDS), run in the browser and in the action, as the demo provider's API runs them. Both sides.
 */
import { PAYMENT_FIELDS, parisParts } from '@guichet/domain';

export const paymentRules = {
  cardNumber: PAYMENT_FIELDS.cardNumber.rules,
  expiry: PAYMENT_FIELDS.expiry.rules,
  cvc: PAYMENT_FIELDS.cvc.rules,
};

/** Never sent back to the page: a refused payment shows them empty (the browser keeps them with JavaScript). */
export const CARD_SECRETS = ['cardNumber', 'cvc'] as const;

/** « MM/AA » as typed. */
export const EXPIRY_MASK = '##/##';

export const PAY_INTENT = 'pay';
export const CHALLENGE_INTENT = 'challenge';
export const CANCEL_INTENT = 'cancel';

/** « 14:32 » for what is left of the hold, never negative. */
export function formatCountdown(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** « 18 h 42 », Paris time: when the hold ends, said without JavaScript. */
export function formatHoldEnd(instant: string): string {
  const { hour, minute } = parisParts(instant);
  return `${hour} h ${minute}`;
}
