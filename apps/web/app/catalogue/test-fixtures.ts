/** A ticketing for the catalogue's unit tests, shaped by the contracts (the API's own suites test the API). */
import type { TicketingDetail, TicketingSummary } from '@guichet/contracts';

// An exhibition from Wednesday 9 September 2026 10:00 to Sunday 13 December 2026 18:00 (Paris).
export const EXHIBITION: TicketingSummary = {
  id: 7,
  slug: 'cites-imaginaires',
  title: 'Cités imaginaires',
  summary: 'Une exposition.',
  category: 'Exposition',
  startsAt: '2026-09-09T08:00:00.000Z',
  endsAt: '2026-12-13T17:00:00.000Z',
  venue: 'Salle de la Meuse',
  city: 'Liège',
  citySlug: 'liege',
  country: 'belgique',
  lowestPrice: 1350,
  thumbnail: null,
};

/** The same exhibition as its page shows it: one ticket on sale. */
export const EXHIBITION_DETAIL: TicketingDetail = {
  ...EXHIBITION,
  description: { type: 'doc', content: [] },
  address: '1 quai de la Meuse',
  postalCode: '4000',
  previousStartsAt: null,
  scheduleRevision: 0,
  salesStartAt: '2026-06-01T08:00:00.000Z',
  status: 'PUBLISHED',
  visuals: [],
  organizer: { id: 3, slug: 'meuse', name: 'Meuse Culture', city: 'Liège', logo: null },
  performers: [],
  products: [
    {
      productID: 1,
      productType: 'TICKET',
      title: 'Plein tarif',
      description: null,
      price: 1350,
      discountType: null,
      discount: 0,
      discountedPrice: 1350,
      quota: 6,
      remaining: 40,
      soldOut: false,
    },
  ],
};
