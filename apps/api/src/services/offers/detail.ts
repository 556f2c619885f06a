/** One offer's page (GET /offers/:offerID), its products with what is left to sell, in one round trip. */
import type { OfferDetail, OfferProduct } from '@guichet/contracts';
import type { DiscountType } from '@guichet/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, products } from '../../db/schema.js';
import { availableSql, outer } from '../catalogue/summary.js';

type ProductRow = Omit<OfferProduct, 'productType' | 'remaining' | 'discountType'> & {
  discountType: DiscountType | null;
  available: number;
};

/**
 * A product as the page offers it: what is left to sell, and at most that in one order. An ended offer sells
 * nothing: its quota is 0.
 */
export function toOfferProduct({ available, ...product }: ProductRow, ended: boolean): OfferProduct {
  const remaining = Math.max(0, available);
  return {
    ...product,
    productType: 'OFFER',
    remaining,
    quota: ended ? 0 : Math.min(product.quota, remaining),
  };
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
      products: sql<ProductRow[]>`coalesce((
        SELECT json_agg(json_build_object('productID', p.id, 'title', p.title, 'price', p.price,
          'discountType', p.discount_type, 'discount', p.discount, 'quota', p.quota,
          'available', ${availableSql('p')}) ORDER BY p.position, p.id)
        FROM ${products} p WHERE p.offer_id = ${outer(offers.id)} AND p.product_type = 'OFFER'), '[]'::json)`,
    })
    .from(offers)
    .where(eq(offers.id, id))
    .limit(1);
  if (!row) return null;
  const { partner, partnerAddress, partnerUrl, validFrom, validUntil, products: rows, ...offer } = row;
  const ended = validUntil.getTime() < now.getTime();
  return {
    ...offer,
    partner: { name: partner, address: partnerAddress, city: offer.city, ...(partnerUrl ? { url: partnerUrl } : {}) },
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    ended,
    products: rows.map((product) => toOfferProduct(product, ended)),
  };
}
