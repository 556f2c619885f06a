/** A ticketing's state as the organiser reads it (TICKETING_STATUSES of the domain). */
export const TICKETING_STATUS_LABELS: Readonly<Record<string, string>> = {
  DRAFT: 'Brouillon',
  PUBLISHED: 'En vente',
  PAUSED: 'Ventes suspendues',
  CANCELLED: 'Annulée',
};
