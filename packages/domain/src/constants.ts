/** Business constants of the product spec (section 9), in one place for web and API. */
export const HOME_LINK = '/';
export const ACCESS_TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_TOKEN_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
export const CART_COOKIE_MAX_AGE_SECONDS = 172_800;
export const INITIAL_CART_QUANTITY = 1;
export const NOTIFICATION_LIFETIME_MS = 5000;
export const ICON_FETCH_TIMEOUT_MS = 1500;
export const RELOAD_GUARD_MS = 10_000;
export const MAX_PARALLEL_ROUTE_PRELOADS = 4;
export const HEADING_LEVELS = [1, 2, 3, 4] as const;
export const VALIDATION_DEBOUNCE_MS = 200;
export const TABLE_LOADER_TEXT = 'Chargement en cours';
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;
export const COUNTRY_SLUGS = ['france', 'belgique', 'suisse'] as const;
export type CountrySlug = (typeof COUNTRY_SLUGS)[number];
/** What a ticketing is (its category): the listings' filter, its visual's badge, the VAT of its admissions. */
export const TICKETING_CATEGORIES = [
  'Concert',
  'Festival',
  'Théâtre',
  'Humour',
  'Exposition',
  'Danse',
  'Sport',
  'Jeune public',
  'Classique',
  'Cirque',
] as const;
export type TicketingCategory = (typeof TICKETING_CATEGORIES)[number];
/** What the cart holds: a ticket of a ticketing, or a deal's product (« bon plan »). */
export const PRODUCT_TYPES = ['TICKET', 'OFFER'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/**
 * A DRAFT ticketing is shown nowhere (its organiser previews it); PUBLISHED is public and on sale; PAUSED keeps its
 * public page with its sale stopped; a CANCELLED one keeps its page, marked as cancelled.
 */
export const TICKETING_STATUSES = ['DRAFT', 'PUBLISHED', 'PAUSED', 'CANCELLED'] as const;
export type TicketingStatus = (typeof TICKETING_STATUSES)[number];

/**
 * A member's role in an organiser (the pro site): the OWNER does everything, the MANAGER everything but the team
 * and the payout details, the SCANNER only door control. One person may be a member of several organisers.
 */
export const ORGANIZER_ROLES = ['OWNER', 'MANAGER', 'SCANNER'] as const;
export type OrganizerRole = (typeof ORGANIZER_ROLES)[number];
/** Each role as the pro site names it, and what it lets a member do, in one line (the team page). */
export const ORGANIZER_ROLE_TEXTS: Readonly<Record<OrganizerRole, { name: string; does: string }>> = {
  OWNER: { name: 'Propriétaire', does: 'Tout, y compris l’équipe, les informations légales et l’IBAN des versements.' },
  MANAGER: {
    name: 'Gestionnaire',
    does: 'Les billetteries, les tarifs et les ventes ; ni l’équipe ni les versements.',
  },
  SCANNER: { name: 'Contrôleur', does: 'Le contrôle des billets à l’entrée, rien d’autre.' },
};

/** DATED: a performance at a date and hour; PERIOD: from one day to another, « horaire libre ». */
export const TICKETING_SCHEDULES = ['DATED', 'PERIOD'] as const;
export type TicketingSchedule = (typeof TICKETING_SCHEDULES)[number];

/**
 * The two sites a person can be logged in to: the public site and the pro site. Their sessions never open each
 * other (their tokens are signed with different keys, their refresh tokens carry their audience).
 */
export const SESSION_AUDIENCES = ['SITE', 'PRO'] as const;
export type SessionAudience = (typeof SESSION_AUDIENCES)[number];

/** Link schemes the rich text accepts (spec section 5); anything else loses its link. */
export const LINK_PROTOCOLS = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;
/** Rich-text links open in a new tab with no opener, no referrer and no follow (spec section 5). */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer nofollow';
/** Style classes of rich text (spec section 9). */
export const RICH_TEXT_CLASSES = {
  bold: 'bold',
  italic: 'italic',
  underline: 'underline',
  link: 'link',
  paragraph: 'paragraph',
  heading: (level: (typeof HEADING_LEVELS)[number]) => `heading-${level}` as const,
} as const;
/**
 * The calendar years the site deals in. Dates, years and listing cursors outside are refused at the door
 * (a year 0 or 99999 is no event date, and PostgreSQL cannot even store some of them).
 */
export const CALENDAR_YEARS = { first: 2000, last: 2100 } as const;
/** Postal codes of the billing countries offered: 4 digits (Belgium, Switzerland…) or 5 (France…). */
export const POSTAL_CODE_DIGITS = { min: 4, max: 5 } as const;
/** Input masks, maska tokens: `#` digit, `@` letter, `*` letter or digit (spec section 5). */
export const MASKS = {
  /** French phone number: 06 12 34 56 78. */
  phone: '## ## ## ## ##',
  /** Up to 5 digits: a 4-digit code is typed as is. */
  postalCode: '#'.repeat(POSTAL_CODE_DIGITS.max),
  /** Card-like number in groups of four. */
  card: '#### #### #### ####',
  /** SIRET as INSEE prints it: 356 000 000 00048 (SIREN, then the establishment's 5 digits). */
  siret: '### ### ### #####',
  /** IBAN in groups of four, as on a bank statement: country letters, check digits, then letters or digits. */
  iban: '@@## **** **** **** **** **** **** ***',
} as const;
/** A cart holds at most this many lines (products) … */
export const CART_MAX_LINES = 50;
/** … and at most this many of one product, whatever its quota says. */
export const CART_MAX_QUANTITY = 100;
