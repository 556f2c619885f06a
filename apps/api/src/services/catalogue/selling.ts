/**
 * The selling rule in SQL, the one definition every answer uses (ticketing page, deal page, cart, checkout):
 * whether a product is on sale now, and `quota`, how many of it one order can take now. Its TypeScript twin
 * is `ticketOnSale`, `offerOnSale` and `quotaNow` of @guichet/domain (test/catalogue/selling.test.ts holds
 * them to each other on the database).
 */
import { type SQL, sql } from 'drizzle-orm';
import { onSaleAt } from '../offers/cards.js';
import { availableSql, isPublished, notEndedAt, salesOpenAt } from './summary.js';
import { instant } from './time.js';

/**
 * A ticket (the product row on the alias `product`, `p` by default) is on sale at `now` while its ticketing (in
 * scope) is published — not a draft, not paused, not cancelled —, the ticketing's sale open and not over, and
 * the ticket's own window (sales_start_at, sales_end_at) holds `now`.
 */
export const ticketOnSaleSql = (now: Date, product = 'p'): SQL<boolean> => {
  const p = sql.raw(product);
  return sql<boolean>`(${isPublished} AND ${salesOpenAt(now)} AND ${notEndedAt(now)}
    AND (${p}.sales_start_at IS NULL OR ${p}.sales_start_at <= ${instant(now)})
    AND (${p}.sales_end_at IS NULL OR ${p}.sales_end_at > ${instant(now)}))`;
};

/** A deal is on sale at `now` until its offer (in scope) ends: the condition of every offer list. */
export const offerOnSaleSql = (now: Date): SQL<boolean> => sql<boolean>`(${onSaleAt(now)})`;

/**
 * How many of a product row (written on the alias `product`) one order can take now: 0 unless `onSale`
 * (`ticketOnSaleSql` or `offerOnSaleSql`), else its per-order quota bounded by what is left (`availableSql`),
 * never below 0.
 */
export function quotaSql(product: string, onSale: SQL<boolean>): SQL<number> {
  const p = sql.raw(product);
  return sql<number>`(CASE WHEN ${onSale} THEN greatest(0, least(${p}.quota, ${availableSql(product)})) ELSE 0 END)`;
}
