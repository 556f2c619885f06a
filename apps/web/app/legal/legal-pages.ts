/**
 * The legal pages, linked from every page's footer (and the CGV from the checkout): their French
 * addresses, the words French sites use, so that a visitor can type or guess them (docs/decisions/0019).
 */
export const LEGAL_PAGES = {
  notice: { path: '/mentions-legales', title: 'Mentions légales' },
  terms: { path: '/conditions-generales-de-vente', title: 'Conditions générales de vente' },
  privacy: { path: '/politique-de-confidentialite', title: 'Politique de confidentialité' },
} as const;

/** In the footer's order. */
export const LEGAL_PAGE_LIST = [LEGAL_PAGES.notice, LEGAL_PAGES.terms, LEGAL_PAGES.privacy] as const;
