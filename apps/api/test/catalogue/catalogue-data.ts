/**
 * What the catalogue endpoints should answer, worked out independently from the seeded rows in plain
 * TypeScript (Paris dates with Intl, prices with the domain's discountedPrice), so tests compare the
 * API's SQL with a second implementation rather than with itself.
 */
import { CATALOGUE_TIME_ZONE, discountedPrice } from '@guichet/domain';
import { vi } from 'vitest';
import type { Database } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { TEST_TODAY } from '../helpers.js';

/** The instant the tests run at: the seeding day, 10:00 UTC. */
export const NOW = TEST_TODAY;

/** Freezes the clock the routes read (`new Date()`) at NOW; timers stay real. */
export function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
}

const parisFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CATALOGUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of an instant in Paris. */
export const parisDay = (date: Date) => parisFormat.format(date);

export type Row = typeof schema.ticketings.$inferSelect & {
  lowestPrice: number | null;
  performerIds: number[];
  day: string;
};

export async function loadCatalogue(db: Database) {
  const [ticketings, products, links] = await Promise.all([
    db.select().from(schema.ticketings),
    db.select().from(schema.products),
    db.select().from(schema.ticketingPerformers),
  ]);
  const rows: Row[] = ticketings.map((ticketing) => {
    const prices = products
      .filter((product) => product.ticketingId === ticketing.id && product.productType === 'TICKET')
      .map((product) => discountedPrice(product));
    return {
      ...ticketing,
      lowestPrice: prices.length > 0 ? Math.min(...prices) : null,
      performerIds: links.filter((link) => link.ticketingId === ticketing.id).map((link) => link.performerId),
      day: parisDay(ticketing.startsAt),
    };
  });
  return { rows, products, links };
}

export const chronological = (a: Row, b: Row) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id;

export const published = (rows: Row[]) => rows.filter((row) => row.status === 'PUBLISHED');

export const upcoming = (rows: Row[]) => published(rows).filter((row) => row.endsAt.getTime() >= NOW.getTime());

export const idsOf = (items: { id: number }[]) => items.map((item) => item.id);
