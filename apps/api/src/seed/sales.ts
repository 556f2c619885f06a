/**
 * Products (ticket prices and deal products) and the demo account's paid orders.
 * Stocks, sales and promotions come from a seeded PRNG per ticketing, so they never change between runs.
 */

import { admissionVatRate, discountedPrice, type ProductType, type VatRate } from '@guichet/domain';
import type { products } from '../db/schema.js';
import { OFFERS } from './offers.js';
import { TICKET_TEMPLATES, TICKETINGS } from './ticketings.js';
import { createRandom, dayAt, hashString } from './util.js';

/** The fixed seed of every PRNG of the demo catalogue. */
export const SEED = 20_260_122;

/** A product row to insert, its ticketing or offer named by its index in TICKETINGS or OFFERS. */
export type ProductPlan = Pick<
  typeof products.$inferSelect,
  | 'productType'
  | 'position'
  | 'title'
  | 'description'
  | 'price'
  | 'discountType'
  | 'discount'
  | 'quota'
  | 'stock'
  | 'sold'
  | 'vatRate'
> & {
  ticketingIndex: number | null;
  offerIndex: number | null;
};

export type OrderLinePlan = {
  productIndex: number;
  productType: ProductType;
  title: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  vatRate: VatRate;
  paidAt: Date;
};

export type OrderPlan = {
  reference: string;
  createdAt: Date;
  paidAt: Date;
  totalAmount: number;
  lines: OrderLinePlan[];
};

/**
 * « Dernières places »: the first price of a coming concert with only a few places left, so that the pages'
 * « Plus que N places » and a checkout racing for the last ones can be seen on the demo.
 */
export const LAST_SEATS = { ticketing: 'margaux-lenoir-rivages', position: 0, left: 8 } as const;

/** Deals are meals (10 %) or other services (20 %); a ticket's rate is its event's (admissionVatRate). */
const offerVat = (category: string): VatRate => (category === 'Restaurants' ? 1000 : 2000);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

function ticketProducts(ticketingIndex: number): ProductPlan[] {
  const ticketing = TICKETINGS[ticketingIndex];
  if (!ticketing) throw new Error(`Billetterie absente : ${ticketingIndex}`);
  const random = createRandom(SEED ^ hashString(ticketing.slug));
  const templates = TICKET_TEMPLATES[ticketing.category];
  const count = Math.min(templates.length, 2 + random.int(0, 2));
  const past = ticketing.day < 0;
  return templates.slice(0, count).map((template, position) => {
    const price = roundTo(ticketing.price * template.factor * 100, 50);
    const share = position === 0 ? 0.45 : 0.08 + random.next() * 0.2;
    const stock = clamp(roundTo(ticketing.capacity * share, 10), 50, 2000);
    let sold: number;
    if (ticketing.status === 'CANCELLED') sold = 0;
    else if (position === 0 && ticketing.soldOut) sold = stock;
    else sold = Math.floor(stock * (past ? 0.6 + random.next() * 0.37 : random.next() * 0.7));
    // After the draw, so that the rest of the ticketing's products come out as before.
    if (position === LAST_SEATS.position && ticketing.slug === LAST_SEATS.ticketing) sold = stock - LAST_SEATS.left;
    let discountType: ProductPlan['discountType'] = null;
    let discount = 0;
    const draw = random.next();
    if (ticketing.promo?.position === position) {
      discountType = ticketing.promo.type;
      discount = ticketing.promo.value;
    } else if (ticketing.promo === undefined && draw < 0.08 && price > 1000) {
      discountType = 'FIXED';
      discount = random.pick([200, 300, 500]);
    } else if (ticketing.promo === undefined && draw < 0.16) {
      discountType = 'PERCENTAGE';
      discount = random.pick([10, 15, 20, 25]);
    }
    return {
      productType: 'TICKET' as const,
      ticketingIndex,
      offerIndex: null,
      position,
      title: template.title,
      description: template.description,
      price,
      discountType,
      discount,
      quota: template.quota ?? random.int(4, 10),
      stock,
      sold,
      vatRate: admissionVatRate(ticketing.country, ticketing.category),
    };
  });
}

/** All products, ticket products first (by ticketing) then deal products (by offer). */
export function buildProducts(): ProductPlan[] {
  return [
    ...TICKETINGS.flatMap((_, index) => ticketProducts(index)),
    ...OFFERS.flatMap((offer, offerIndex) =>
      offer.products.map((product, position) => ({
        ...product,
        productType: 'OFFER' as const,
        ticketingIndex: null,
        offerIndex,
        position,
        description: null,
        vatRate: offerVat(offer.category),
      })),
    ),
  ];
}

type LineDef = ({ ticketing: string } | { offer: string }) & { position: number; quantity: number };

/** The two paid orders of the demo account: one for a past concert and a deal, one for coming shows. */
const DEMO_ORDERS: { daysAgo: number; hour: number; minute: number; lines: LineDef[] }[] = [
  {
    daysAgo: 45,
    hour: 18,
    minute: 12,
    lines: [
      { ticketing: 'kenza-et-les-lucioles-lueurs', position: 0, quantity: 2 },
      { offer: 'menu-degustation-en-six-services-pour-deux', position: 0, quantity: 1 },
    ],
  },
  {
    daysAgo: 8,
    hour: 12,
    minute: 30,
    lines: [
      { ticketing: 'les-nuits-electriques', position: 1, quantity: 2 },
      { ticketing: 'le-malade-imaginaire', position: 0, quantity: 1 },
    ],
  },
];

/**
 * The products with the demo orders' quantities added to `sold`, and the orders themselves
 * (unit prices are the discounted prices, totals the sums of the lines).
 */
export function buildSales(today: Date): { products: ProductPlan[]; orders: OrderPlan[] } {
  const products = buildProducts();
  const orders = DEMO_ORDERS.map((order, orderIndex) => {
    const paidAt = dayAt(today, -order.daysAgo, order.hour, order.minute);
    const lines = order.lines.map((line): OrderLinePlan => {
      const productIndex = products.findIndex((product) =>
        'ticketing' in line
          ? product.ticketingIndex !== null && TICKETINGS[product.ticketingIndex]?.slug === line.ticketing
          : product.offerIndex !== null && OFFERS[product.offerIndex]?.slug === line.offer,
      );
      const product = products[productIndex + line.position];
      const owner =
        'ticketing' in line
          ? TICKETINGS.find((ticketing) => ticketing.slug === line.ticketing)
          : OFFERS.find((offer) => offer.slug === line.offer);
      if (productIndex < 0 || !product || !owner || product.position !== line.position) {
        throw new Error(`Produit de commande introuvable : ${JSON.stringify(line)}`);
      }
      // The order's units are part of the sales, within the stock.
      product.sold = Math.min(product.sold, product.stock - line.quantity) + line.quantity;
      const unitPrice = discountedPrice(product);
      return {
        productIndex: productIndex + line.position,
        productType: product.productType,
        title: `${owner.title} — ${product.title}`,
        unitPrice,
        quantity: line.quantity,
        lineTotal: unitPrice * line.quantity,
        vatRate: product.vatRate,
        paidAt,
      };
    });
    return {
      reference: `GU-${paidAt.getUTCFullYear()}-${String(orderIndex + 1).padStart(6, '0')}`,
      createdAt: new Date(paidAt.getTime() - 4 * 60_000),
      paidAt,
      totalAmount: lines.reduce((sum, line) => sum + line.lineTotal, 0),
      lines,
    };
  });
  return { products, orders };
}
