/**
 * The selling rule: whether a product is on sale now, and how many of it one order can take now (the
 * `quota` every answer carries: ticketing page, deal page, cart, checkout). The API computes it in SQL
 * (`quotaSql` and the on-sale conditions of apps/api/src/services/catalogue/selling.ts); these functions are
 * its TypeScript twin, held to the SQL by a property test on the database (apps/api/test/catalogue/selling.test.ts).
 */
import type { TicketingStatus } from '../constants.js';

/** What the rule reads of a ticket's ticketing. */
export type TicketingSale = { status: TicketingStatus; salesStartAt: Date | null; endsAt: Date };

/** A ticket's own sale window (the pro site's « ouverture / fermeture des ventes »): null, the ticketing's. */
export type ProductSale = { salesStartAt: Date | null; salesEndAt: Date | null };

export const ALWAYS_ON_SALE: ProductSale = { salesStartAt: null, salesEndAt: null };

/**
 * A ticket is on sale at `now` while its ticketing is published (neither a draft, nor paused, nor cancelled),
 * the ticketing's sale open (no date of its own, or that date has come) and not over (ongoing runs still
 * sell), and the ticket's own window holds `now`: opened (no opening, or it has come) and not closed (no
 * closing, or it is still ahead — a sale closing at 20:00 sells until 19:59:59.999).
 */
export function ticketOnSale(
  { status, salesStartAt, endsAt }: TicketingSale,
  now: Date,
  product: ProductSale = ALWAYS_ON_SALE,
): boolean {
  const time = now.getTime();
  return (
    status === 'PUBLISHED' &&
    (salesStartAt === null || salesStartAt.getTime() <= time) &&
    endsAt.getTime() >= time &&
    (product.salesStartAt === null || product.salesStartAt.getTime() <= time) &&
    (product.salesEndAt === null || product.salesEndAt.getTime() > time)
  );
}

/** A deal is on sale at `now` while its offer is published (back office) and until its validity ends. */
export function offerOnSale(
  { validUntil, status = 'PUBLISHED' }: { validUntil: Date; status?: string },
  now: Date,
): boolean {
  return status === 'PUBLISHED' && validUntil.getTime() >= now.getTime();
}

/**
 * How many one order can take now: nothing when not on sale, else its per-order quota bounded by what is left
 * to sell (never below 0).
 */
export function quotaNow({ onSale, perOrder, available }: { onSale: boolean; perOrder: number; available: number }) {
  return onSale ? Math.max(0, Math.min(perOrder, available)) : 0;
}
