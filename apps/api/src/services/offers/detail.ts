/** One offer's page (GET /offers/:offerID), its products with what is left to sell, in one round trip. */
import type { OfferDetail, OfferProduct } from '@guichet/contracts';
import type { DiscountType } from '@guichet/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, products } from '../../db/schema.js';
import { offerOnSaleSql, quotaSql } from '../catalogue/selling.js';
import { availableSql, discountedPriceSql, outer } from '../catalogue/summary.js';

type ProductRow = Omit<OfferProduct, 'productType' | 'remaining' | 'discountType'> & {
  discountType: DiscountType | null;
  available: number;
};

/**
 * A product as the page offers it: its discounted price and quota as the SQL rules gave them (an ended offer
 * sells nothing: its quota is 0), and what is left to sell.
 */
export function toOfferProduct({ available, ...product }: ProductRow): OfferProduct {
  return { ...product, productType: 'OFFER', remaining: Math.max(0, available) };
}

export async function findOffer(db: Database, id: number, now: Date): Promise<OfferDetail | null> {
  const [row] = await db
    .select({
      offerID: offers.id,
      slug: offers.slug,
      title: offers.title,
      partner: offers.partner,
      partnerAddress: offers.partnerAddress,
      partnerUrl: offers.partnerUrl,
      category: offers.category,
      city: offers.city,
      citySlug: offers.citySlug,
      summary: offers.summary,
      description: offers.description,
      visuals: offers.visuals,
      validFrom: offers.validFrom,
      validUntil: offers.validUntil,
      terms: offers.terms,
      onSale: offerOnSaleSql(now),
      products: sql<ProductRow[]>`coalesce((
        SELECT json_agg(json_build_object('productID', p.id, 'title', p.title, 'price', p.price,
          'discountType', p.discount_type, 'discount', p.discount, 'discountedPrice', ${discountedPriceSql('p')},
          'quota', ${quotaSql('p', offerOnSaleSql(now))}, 'available', ${availableSql('p')}) ORDER BY p.position, p.id)
        FROM ${products} p WHERE p.offer_id = ${outer(offers.id)} AND p.product_type = 'OFFER'), '[]'::json)`,
    })
    .from(offers)
    // A draft was never public: no page. A paused or ended offer keeps its page, with nothing on sale.
    .where(and(eq(offers.id, id), ne(offers.status, 'DRAFT')))
    .limit(1);
  if (!row) return null;
  const { partner, partnerAddress, partnerUrl, validFrom, validUntil, onSale, products: rows, ...offer } = row;
  return {
    ...offer,
    partner: { name: partner, address: partnerAddress, city: offer.city, ...(partnerUrl ? { url: partnerUrl } : {}) },
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    ended: !onSale,
    products: rows.map(toOfferProduct),
  };
}
