import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The back office's deals pages (issue 27), under /admin; paths relative to the admin layout. */
export const dealsRoutes: RouteConfigEntry[] = [
  route('bons-plans', 'admin/deals/offers.route.tsx'),
  route('bons-plans/nouveau', 'admin/deals/offer-new.route.tsx'),
  route('bons-plans/:offerId', 'admin/deals/offer-edit.route.tsx'),
  route('bons-plans/:offerId/produits', 'admin/deals/offer-products.route.tsx'),
  route('bons-plans/:offerId/visuels', 'admin/deals/offer-upload.route.tsx'),
  route('partenaires', 'admin/deals/partners.route.tsx'),
  route('partenaires/nouveau', 'admin/deals/partner.route.tsx', { id: 'admin-partner-new' }),
  route('partenaires/:partnerId', 'admin/deals/partner.route.tsx', { id: 'admin-partner' }),
];
