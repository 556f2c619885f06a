/**
 * The editorial back office (issue 27): the closed sets of what editors publish and of the audit log.
 * Platform administrators run deals, contest games, Le Mag, surveys and redirects from the pro site.
 */

/**
 * A deal (offer): a DRAFT is shown nowhere; PUBLISHED is found by the search and on sale within its validity;
 * PAUSED keeps it out of the search and off sale for a while; ENDED stops it for good (« fin anticipée »).
 */
export const OFFER_STATUSES = ['DRAFT', 'PUBLISHED', 'PAUSED', 'ENDED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Readonly<Record<OfferStatus, string>> = {
  DRAFT: 'Brouillon',
  PUBLISHED: 'Publié',
  PAUSED: 'En pause',
  ENDED: 'Terminé',
};

/** A contest game or an article: a DRAFT is shown nowhere; PUBLISHED from its start (publication) date. */
export const EDITORIAL_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type EditorialStatus = (typeof EDITORIAL_STATUSES)[number];
export const EDITORIAL_STATUS_LABELS: Readonly<Record<EditorialStatus, string>> = {
  DRAFT: 'Brouillon',
  PUBLISHED: 'Publié',
};

/** How a game's winners were drawn: the top of the ranking (score, tie-break, time) or at random among players. */
export const CONTEST_DRAW_METHODS = ['RANKING', 'RANDOM'] as const;
export type ContestDrawMethod = (typeof CONTEST_DRAW_METHODS)[number];

/** What an audit log row is about. */
export const AUDIT_ENTITIES = ['PARTNER', 'OFFER', 'PRODUCT', 'CONTEST_GAME', 'ARTICLE', 'SURVEY', 'REDIRECT'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  PARTNER: 'Partenaire',
  OFFER: 'Bon plan',
  PRODUCT: 'Produit',
  CONTEST_GAME: 'Jeu-concours',
  ARTICLE: 'Article',
  SURVEY: 'Questionnaire',
  REDIRECT: 'Redirection',
};

/** What was done: the log's verbs. */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'PUBLISH',
  'UNPUBLISH',
  'PAUSE',
  'END',
  'CLOSE',
  'DRAW',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  CREATE: 'Création',
  UPDATE: 'Modification',
  DELETE: 'Suppression',
  PUBLISH: 'Publication',
  UNPUBLISH: 'Dépublication',
  PAUSE: 'Mise en pause',
  END: 'Fin anticipée',
  CLOSE: 'Clôture',
  DRAW: 'Tirage au sort',
};
