/**
 * The organiser's pages: every one carries the organiser in its path, so that switching organiser is a link and
 * every page can be bookmarked and shared within a team.
 */
export const organizerPath = (organizerId: number, section = '') =>
  `/organisateurs/${organizerId}${section ? `/${section}` : ''}`;

/** The sections of an organiser's pages, in the navigation's order. */
export const ORGANIZER_SECTIONS = [
  { section: '', label: 'Tableau de bord' },
  { section: 'billetteries', label: 'Billetteries' },
  { section: 'commandes', label: 'Commandes' },
  // Door control (apps/pro/app/door): the scopes to control, each opening its full-screen scan page.
  { section: 'controle', label: 'Contrôle' },
  { section: 'equipe', label: 'Équipe' },
  { section: 'organisation', label: 'Organisation' },
] as const;

/** The account pages besides the public header's PRO_PATHS (login, sign-up): links mailed by the API included. */
export const PRO_ACCOUNT_PATHS = {
  /** The sign-up's confirmation link (the API's mail: /confirmer?jeton=…). */
  confirm: '/confirmer',
  /** A new confirmation link. */
  resend: '/confirmation/renvoi',
  logout: '/deconnexion',
  /** An invitation to a team (the API's mail: /invitation?jeton=…). */
  invitation: '/invitation',
} as const;
/** A ticketing's pages under its organiser. */
export const ticketingSalesPath = (
  organizerId: number,
  ticketingId: number,
  page: 'ventes' | 'integration' | 'participants.csv',
) => organizerPath(organizerId, `billetteries/${ticketingId}/${page}`);

/** The orders list (its search and cursor in the query), one order, and the orders' CSV. */
export const ordersPath = (organizerId: number, page = '') =>
  organizerPath(organizerId, page ? `commandes/${page}` : 'commandes');
