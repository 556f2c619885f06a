/**
 * The products a cart names, as the cart answers them: price, discounted price, what is left and what one
 * order may take, with their ticketing's or offer's summary. One query for every product of the request.
 */
import type { CartProduct, Visual } from '@guichet/contracts';
import { admissionVatRate, type VatRate } from '@guichet/domain';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { offers, products, ticketings } from '../../db/schema.js';
import { offerOnSaleSql, quotaSql, ticketOnSaleSql } from '../catalogue/selling.js';
import { availableSql, discountedPriceSql } from '../catalogue/summary.js';

/** A product of the cart, with the name its adjustment messages give it. */
export type PricedProduct = CartProduct & {
  /** « Ticketing — product » or « offer — product ». */
  name: string;
  /** Most one order may take, before what is left: which of the two caps a line says why. */
  perOrder: number;
  /**
   * The VAT rate of its price, which an order line keeps: a ticket's is its event's, by the country where it
   * takes place and its category (admissionVatRate, decision 0048), whatever rate the product row carries.
   */
  vatRate: VatRate;
  /** On sale now, whatever is left. */
  selling: boolean;
};

// Aliased as `p`: availableSql, discountedPriceSql and quotaSql, the one definition of each, are written on an alias.
const p = alias(products, 'p');

/** On sale at `now`: by the selling rule of its ticketing, or of its offer. */
const onSale = (now: Date) =>
  sql<boolean>`CASE WHEN ${p.productType} = 'TICKET' THEN ${ticketOnSaleSql(now)} ELSE ${offerOnSaleSql(now)} END`;

/**
 * The products of `ids` that exist for visitors, by id. A draft ticketing's tickets are left out, as if
 * unknown: a draft is shown nowhere, not even its title in a cart's message.
 */
export async function findCartProducts(
  db: Database,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, PricedProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      productID: p.id,
      productType: p.productType,
      title: p.title,
      price: p.price,
      discountType: p.discountType,
      discount: p.discount,
      discountedPrice: discountedPriceSql('p'),
      perOrder: p.quota,
      vatRate: p.vatRate,
      event: { country: ticketings.country, category: ticketings.category },
      available: availableSql('p'),
      onSale: onSale(now),
      // How many one order can take now: the selling rule, with `onSale` above.
      quota: quotaSql('p', onSale(now)),
      ticketing: {
        id: ticketings.id,
        slug: ticketings.slug,
        title: ticketings.title,
        startsAt: ticketings.startsAt,
        endsAt: ticketings.endsAt,
        venue: ticketings.venue,
        city: ticketings.city,
        thumbnail: sql<Visual | null>`(${ticketings.visuals} -> 0)`,
      },
      offer: {
        offerID: offers.id,
        slug: offers.slug,
        title: offers.title,
        partner: offers.partner,
        city: offers.city,
        validUntil: offers.validUntil,
        thumbnail: sql<Visual | null>`(${offers.visuals} -> 0)`,
      },
    })
    .from(p)
    .leftJoin(ticketings, eq(ticketings.id, p.ticketingId))
    .leftJoin(offers, eq(offers.id, p.offerId))
    .where(
      and(
        inArray(p.id, [...ids]),
        or(isNull(p.ticketingId), ne(ticketings.status, 'DRAFT')),
        or(isNull(p.offerId), ne(offers.status, 'DRAFT')),
      ),
    )
    // Every cart write and checkout asks, an on-sale rush thousands of times a second: a named statement,
    // parsed and planned once per connection. Its text depends on the number of ids only, hence the name
    // (node-postgres refuses a name given to two texts).
    .prepare(`cart_products_${ids.length}`)
    .execute();

  return new Map(
    rows.map(({ available, onSale: selling, perOrder, ticketing, offer, discountedPrice, event, ...product }) => {
      const remaining = Math.max(0, Number(available));
      const parent = product.productType === 'TICKET' ? ticketing?.title : offer?.title;
      const priced: PricedProduct = {
        ...product,
        discountedPrice: Number(discountedPrice),
        vatRate:
          product.productType === 'TICKET' && event ? admissionVatRate(event.country, event.category) : product.vatRate,
        perOrder,
        selling: Boolean(selling),
        remaining,
        quota: Number(product.quota),
        ticketing:
          product.productType === 'TICKET' && ticketing
            ? { ...ticketing, startsAt: ticketing.startsAt.toISOString(), endsAt: ticketing.endsAt.toISOString() }
            : null,
        offer:
          product.productType === 'OFFER' && offer ? { ...offer, validUntil: offer.validUntil.toISOString() } : null,
        name: parent ? `${parent} — ${product.title}` : product.title,
      };
      return [product.productID, priced];
    }),
  );
}
