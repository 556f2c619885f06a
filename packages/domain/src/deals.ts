/**
 * Deals (« bons plans ») as the back office edits them (issue 27): the closed set of their categories (the
 * public search's category facet) and the messages of the editors' forms.
 */

/** An offer's category: one of these, the facet the public search filters on. */
export const OFFER_CATEGORIES = ['Restaurants', 'Bien-être', 'Loisirs', 'Culture', 'Sport', 'Séjours'] as const;
export type OfferCategory = (typeof OFFER_CATEGORIES)[number];

export const DEAL_MESSAGES = {
  partnerNotFound: 'Partenaire introuvable.',
  offerNotFound: 'Bon plan introuvable.',
  productNotFound: 'Produit introuvable.',
  partnerNameTaken: 'Un partenaire porte déjà ce nom.',
  category: 'Choisissez une catégorie de la liste.',
  validUntilBeforeFrom: 'La fin de validité doit venir après son début.',
  editConflict: 'Ce bon plan a été modifié entre-temps : rechargez la page, puis enregistrez à nouveau.',
  discountAbovePrice: 'La remise ne peut pas dépasser le prix.',
  percentageAbove100: 'Un pourcentage de remise ne dépasse pas 100.',
  discountRange: 'La remise est hors limites : au plus le prix (montant fixe) ou 100 (pourcentage).',
  stockBelowSold: 'Le stock ne peut pas être inférieur aux bons déjà vendus ou en cours de réservation ({n}).',
  productSold:
    'Ce produit a déjà des ventes : il ne peut plus être supprimé. Mettez plutôt son stock à ce qui est vendu.',
  publishWithoutProduct: 'Ajoutez au moins un produit avant de publier le bon plan.',
  statusChange: {
    PUBLISHED: 'Seul un bon plan en brouillon ou en pause peut être publié.',
    PAUSED: 'Seul un bon plan publié peut être mis en pause.',
    ENDED: 'Ce bon plan est déjà terminé.',
  },
  partnerWithOffers: 'Ce partenaire a des bons plans : il ne peut pas être supprimé.',
  organizerNotFound: 'Organisateur introuvable.',
} as const;

/** The status actions of an offer: publish, pause, end early. */
export const OFFER_STATUS_ACTIONS = ['PUBLISHED', 'PAUSED', 'ENDED'] as const;
export type OfferStatusAction = (typeof OFFER_STATUS_ACTIONS)[number];
