/** The deals home page (GET /offers/home): put forward, ending soon, categories; three queries in parallel. */
import { OFFERS_HOME_STRIP, type OffersHome } from '@guichet/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers } from '../../db/schema.js';
import { onSaleAt, selectOfferCards, toOfferCard } from './cards.js';

export async function offersHome(db: Database, now: Date): Promise<OffersHome> {
  const [featured, endingSoon, categories] = await Promise.all([
    selectOfferCards(db)
      .where(and(onSaleAt(now), eq(offers.featured, true)))
      .orderBy(asc(offers.validUntil), asc(offers.id))
      .limit(OFFERS_HOME_STRIP),
    selectOfferCards(db).where(onSaleAt(now)).orderBy(asc(offers.validUntil), asc(offers.id)).limit(OFFERS_HOME_STRIP),
    db
      .select({ value: offers.category, count: sql<number>`count(*)::int` })
      .from(offers)
      .where(onSaleAt(now))
      .groupBy(offers.category)
      .orderBy(desc(sql`count(*)`), asc(offers.category)),
  ]);
  return {
    featured: featured.map(toOfferCard),
    endingSoon: endingSoon.map(toOfferCard),
    categories: categories.map(({ value, count }) => ({ value, label: value, count: Number(count) })),
    total: categories.reduce((sum, { count }) => sum + Number(count), 0),
  };
}
