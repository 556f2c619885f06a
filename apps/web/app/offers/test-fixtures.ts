/** Deals for the components' unit tests, shaped by the contracts (the API's own suites test the API). */
import type { OfferCard, OfferDetail, OfferProduct } from '@guichet/contracts';

const paragraph = (text: string) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

export const VISUALS = [
  { url: '/visuals/offers/hammam-1.svg', alt: 'Le bassin du hammam', width: 1200, height: 800 },
  { url: '/visuals/offers/hammam-2.svg', alt: 'La salle de repos', width: 1200, height: 800 },
  { url: '/visuals/offers/hammam-3.svg', alt: 'Le sauna finlandais', width: 1200, height: 800 },
];

export const PRODUCTS: OfferProduct[] = [
  {
    productID: 41,
    productType: 'OFFER',
    title: 'Entrée duo',
    price: 6000,
    discountType: 'PERCENTAGE',
    discount: 25,
    discountedPrice: 4500,
    quota: 4,
    remaining: 120,
  },
  {
    productID: 42,
    productType: 'OFFER',
    title: 'Entrée duo avec massage',
    price: 12000,
    discountType: 'FIXED',
    discount: 2050,
    discountedPrice: 9950,
    quota: 3,
    remaining: 3,
  },
  {
    productID: 43,
    productType: 'OFFER',
    title: 'Soirée privatisée',
    price: 50000,
    discountType: 'PERCENTAGE',
    discount: 10,
    discountedPrice: 45000,
    quota: 0,
    remaining: 0,
  },
];

export const OFFER: OfferDetail = {
  offerID: 7,
  slug: 'hammam-et-sauna-en-duo',
  title: 'Hammam et sauna en duo',
  partner: { name: 'Les Bains du Rhône', address: '3 quai Augagneur', city: 'Lyon', url: 'https://bains.example/' },
  category: 'Bien-être',
  city: 'Lyon',
  citySlug: 'lyon',
  summary: 'Deux heures de détente à deux.',
  description: paragraph('Un hammam à l’orientale et un sauna finlandais.'),
  visuals: VISUALS,
  validFrom: '2026-01-10T08:00:00.000Z',
  // Midnight in Paris between 12 and 13 March 2027: the last day is the 12th.
  validUntil: '2027-03-12T23:00:00.000Z',
  ended: false,
  terms: paragraph('Sur réservation, du mardi au dimanche.'),
  products: PRODUCTS,
};

export const CARD: OfferCard = {
  offerID: 7,
  slug: 'hammam-et-sauna-en-duo',
  title: 'Hammam et sauna en duo',
  partnerName: 'Les Bains du Rhône',
  category: 'Bien-être',
  city: 'Lyon',
  citySlug: 'lyon',
  validUntil: '2027-03-12T23:00:00.000Z',
  thumbnail: VISUALS[0] ?? null,
  lowestPrice: 4500,
  originalPrice: 6000,
  bestDiscount: { discountType: 'PERCENTAGE', discount: 25 },
  soldOut: false,
};
