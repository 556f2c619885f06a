/** Money is integer cents everywhere; only formatting turns it into euros. */
import { remembered } from './remembered.js';

/** How a product's discount reads: FIXED is cents off the price, PERCENTAGE a percent of it. */
export const DISCOUNT_TYPES = ['FIXED', 'PERCENTAGE'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export type Priced = {
  price: number;
  discountType?: string | null;
  discount?: number | null;
};

/**
 * The spec's discounted price: FIXED subtracts the discount (cents), PERCENTAGE subtracts that percent
 * of the price (rounded to the cent); never below 0; an unknown type leaves the price unchanged.
 */
export function discountedPrice({ price, discountType, discount }: Priced): number {
  const amount = discount ?? 0;
  switch (discountType) {
    case 'FIXED':
      return Math.max(0, price - amount);
    case 'PERCENTAGE':
      return Math.max(0, price - Math.round((price * amount) / 100));
    default:
      return price;
  }
}

/** Line price: the discounted unit price times the quantity. */
export function linePrice(product: Priced, quantity: number): number {
  return discountedPrice(product) * quantity;
}

const wholeEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/**
 * Euros in the French locale with no minimum decimals: a whole amount shows none (3500 → « 35 € »);
 * otherwise cents are always written in full (1250 → « 12,50 € », never « 12,5 € », which no French
 * price tag shows). See docs/decisions/0004-prices-in-french-format.md.
 */
export const formatPrice: (cents: number) => string = remembered(
  // A ticketing's page prints the same few prices many times (tickets, discounts, « Dès … »), on every request.
  (cents: number) => (cents % 100 === 0 ? wholeEuros : euroCents).format(cents / 100),
  5_000,
);

/** A discount as a product or a card carries it: FIXED in cents, PERCENTAGE in percent. */
export type DiscountLike = { discountType?: string | null; discount?: number | null };

/**
 * A discount badge's text: « −5 € » (FIXED, in cents, with formatPrice's French spacing) or « −20 % »
 * (PERCENTAGE, a no-break space before %, as French typesetting wants). The sign is the typographic minus
 * (U+2212) the ticketing pages already show. Null without a discount (none, 0, or an unknown type).
 */
export function formatDiscount({ discountType, discount }: DiscountLike): string | null {
  if (!discount || discount <= 0) return null;
  switch (discountType) {
    case 'FIXED':
      return `\u2212${formatPrice(discount)}`;
    case 'PERCENTAGE':
      return `\u2212${discount}\u00a0%`;
    default:
      return null;
  }
}

/** The most a product may cost, in euros: beyond any admission, and far within an integer of cents. */
export const MAX_PRICE_EUROS = 100_000;

/**
 * Euros as people type them — « 12,50 », « 12.5 », « 12 » — in cents (1250), read digit by digit rather than
 * through a float (0.29 × 100 is 28.999…); null for anything else: a sign, letters, more than two decimals.
 */
export function centsOfEuros(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Cents as the French decimal a price field shows (1250 → « 12,50 », 1200 → « 12 »): what `centsOfEuros` reads back. */
export function eurosOfCents(cents: number): string {
  const euros = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
}
