/** The offer card (`OfferCard`) of searches, the deals home and the site-wide search: one select, one mapping. */
import type { OfferCard, Visual } from '@guichet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, products } from '../../db/schema.js';
import { availableSql, outer } from '../catalogue/summary.js';
import { instant } from '../catalogue/time.js';

const offerCardFields = {
  offerID: offers.id,
  slug: offers.slug,
  title: offers.title,
  partnerName: offers.partner,
  category: offers.category,
  city: offers.city,
  citySlug: offers.citySlug,
  validUntil: offers.validUntil,
  thumbnail: sql<Visual | null>`(${offers.visuals} -> 0)`,
  lowestPrice: offers.priceFrom,
  originalPrice: offers.priceOriginal,
  bestDiscountType: offers.bestDiscountType,
  bestDiscount: offers.bestDiscount,
  // A scalar subquery rather than NOT EXISTS: the planner would hash all products for an anti-join sized for
  // every matching offer, where only the page's cards need one look-up each (product_offer_idx).
  soldOut: sql<boolean>`((SELECT count(*) FROM ${products} p
    WHERE p.offer_id = ${outer(offers.id)} AND ${availableSql('p')} > 0) = 0)`,
};

/** The offer cards' select, for the caller's conditions, order and limit. */
export const selectOfferCards = (db: Database) => db.select(offerCardFields).from(offers);

type CardRow = Awaited<ReturnType<typeof selectOfferCards>>[number];

export function toOfferCard({ bestDiscountType, bestDiscount, validUntil, soldOut, ...card }: CardRow): OfferCard {
  return {
    ...card,
    validUntil: validUntil.toISOString(),
    bestDiscount: bestDiscountType && bestDiscount ? { discountType: bestDiscountType, discount: bestDiscount } : null,
    soldOut: Boolean(soldOut),
  };
}

/**
 * Offers on sale at `now`: published by the back office (not a draft, not paused, not ended early) and still
 * valid. An ended offer keeps its page but leaves every list, and nothing of it is sold (the selling rule,
 * catalogue/selling.ts, is this condition).
 */
export const onSaleAt = (now: Date): SQL =>
  sql`(${offers.status} = 'PUBLISHED' AND ${offers.validUntil} >= ${instant(now)})`;
