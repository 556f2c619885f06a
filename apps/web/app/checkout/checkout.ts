/**
 * The checkout form below the cart (issue 11): its fields, their rules — the same in the browser and in the
 * action — and what the action sends back. Runs on both sides.
 */
import type { CartLine } from '@guichet/contracts';
import { ACCOUNT_FIELDS, type FieldRules, rule } from '@guichet/domain';
import type { FormReply } from '@guichet/ui/form-validation';
import { addressRules } from '../lib/account-form-rules';

/** The hidden `intent` of the checkout form: the cart page's only action. */
export const CHECKOUT_INTENT = 'checkout';

/** The exact wording the law asks of the order button (Code de la consommation, L221-14). */
export const ORDER_BUTTON_LABEL = 'Commander avec obligation de paiement';

export const TERMS_FIELD = 'acceptTerms';

/** Each line of the recap, in the cart's order: an order refusal names a line by its rank. */
export const LINE_FIELD = 'ligne';

/** The unit price the buyer saw for a product, sent back so that a changed price is never paid unseen. */
export const seenPriceField = (productID: number) => `prix-${productID}`;

/** The name printed on one ticket: « titulaire-12-0 » for the first unit of product 12. */
export const holderField = (productID: number, unit: number) => `titulaire-${productID}-${unit}`;

const HOLDER_FIELD = /^titulaire-(\d{1,10})-(\d{1,3})$/;

/** The product and unit a holder field names, or null for any other field. */
export function parseHolderField(name: string): { productID: number; unit: number } | null {
  const match = HOLDER_FIELD.exec(name);
  if (!match) return null;
  return { productID: Number(match[1]), unit: Number(match[2]) };
}

/** Tickets carry their holder's name; deal vouchers do not. */
export const holdsNames = (line: CartLine) => line.product.productType === 'TICKET';

/** Every holder field of a cart: one per ticket unit. */
export function holderFieldsOf(lines: readonly CartLine[]): string[] {
  return lines
    .filter(holdsNames)
    .flatMap((line) => Array.from({ length: line.quantity }, (_, unit) => holderField(line.productID, unit)));
}

/** The form's rules: the billing address as the account form checks it, each holder's name, the terms. */
export function checkoutRules(holderFields: readonly string[]): FieldRules {
  return {
    ...addressRules,
    ...Object.fromEntries(holderFields.map((field) => [field, ACCOUNT_FIELDS.name.rules])),
    [TERMS_FIELD]: [rule.checked()],
  };
}

/** What the checkout action answers when it does not send the buyer on to pay. */
export type CheckoutActionData = {
  reply: FormReply;
  /** Said above the form (and focused): why the order was not created. */
  alert: string | null;
  /** A message per refused line, by productID (sold out meanwhile, price changed). */
  lineErrors: Record<number, string>;
};

/** The buyer's « Prénom Nom », every holder's name unless changed. */
export const buyerName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();
