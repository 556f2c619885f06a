/**
 * The one Drizzle schema of Guichet, shared by the embedded PGlite database and a PostgreSQL server.
 * Money is always integer cents; quotas are guarded in SQL by the services that write `sold`/`reserved`.
 */
// The shapes of JSON columns are the contracts' own: what the API answers is what is stored.
import type { ContestPrize, FacturationAddress, RichTextDocument, Visual } from '@guichet/contracts';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  CONTEST_DRAW_METHODS,
  DISCOUNT_TYPES,
  EDITORIAL_STATUSES,
  OFFER_STATUSES,
  ORDER_STATUSES,
  ORGANIZER_ROLES,
  PAYMENT_STATUSES,
  PRODUCT_TYPES,
  REFUND_REASONS,
  REFUND_STATUSES,
  SESSION_AUDIENCES,
  TICKETING_SCHEDULES,
  TICKETING_STATUSES,
  VAT_RATES,
  type VatBreakdownRow,
  type VatRate,
} from '@guichet/domain';
import { DOOR_VERDICTS, TICKET_QR_KINDS } from '@guichet/domain/door';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Closed sets are text columns with a CHECK rather than PostgreSQL enums: enum types are created
// schema-qualified by drizzle-kit, which would stop two runs from living in two schemas of one database.
// The closed sets web, contracts and API share come from the domain; REDIRECT_KINDS is the API's alone.
export const REDIRECT_KINDS = ['PERMANENT', 'TEMPORARY'] as const;

const oneOf = (column: AnyPgColumn, values: readonly (string | number)[]) =>
  sql`${column} IN (${sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '))})`;

/** A VAT rate in basis points (550 = 5,5 %), one of the domain's VAT_RATES (French, Belgian, none outside the EU). */
const vatRate = () => integer('vat_rate').$type<VatRate>().notNull().default(2000);

/** A text-search document; filled by PostgreSQL itself (generated columns), never written by the API. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * French full-text search (docs/decisions/0021): the words of a row without accents, stemmed by the `french`
 * configuration, each part weighted (A for the title, then B, C, D). `immutable_unaccent` is migration 0003's.
 */
const searchDocument = (...parts: [weight: 'A' | 'B' | 'C' | 'D', expression: string][]) =>
  sql.raw(
    parts
      .map(([weight, expression]) => `setweight(to_tsvector('french', immutable_unaccent(${expression})), '${weight}')`)
      .join(' || '),
  );

/** The plain text of a rich-text (Tiptap JSON) column, for the search document. */
const richTextWords = (column: string) => `jsonb_path_query_array(${column}, 'strict $.**.text')::text`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * When a public page's row last changed: set by PostgreSQL itself on every UPDATE (trigger `touch_updated_at`
 * of migration 0014, whoever writes), null while the row is as it was created. The site map's `lastmod` is
 * `coalesce(updated_at, created_at)` (docs/decisions/0029).
 */
const rowUpdatedAt = () => timestamp('updated_at', { withTimezone: true });

/**
 * An organiser: its public page (slug, name, description, city, website, logo) and, for one that signed up on the
 * pro site, its legal identity and payout details. The demo's organisers have none of the latter (null).
 */
export const organizers = pgTable('organizer', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** The display name, on the public page and the cards. */
  name: text('name').notNull(),
  description: jsonb('description').$type<RichTextDocument>(),
  city: text('city').notNull(),
  website: text('website'),
  logo: jsonb('logo').$type<Visual>(),
  /** Raison sociale. */
  legalName: text('legal_name'),
  /** 14 digits, checked by their Luhn key (domain's siretProblem) before they get here. */
  siret: text('siret'),
  street: text('street'),
  postalCode: text('postal_code'),
  /** Country slug, as ticketings write it (france, belgique, suisse). */
  country: text('country'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  /** The payout account, normalised (no spaces, upper case), checked by its mod-97 key; shown masked. */
  iban: text('iban'),
  createdAt: createdAt(),
  updatedAt: rowUpdatedAt(),
});

/** Who works for an organiser, with which role (domain's ORGANIZER_ROLES); a person may work for several. */
export const memberships = pgTable(
  'membership',
  {
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANIZER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizerId, t.userId] }),
    index('membership_user_idx').on(t.userId),
    check('membership_role_check', oneOf(t.role, ORGANIZER_ROLES)),
  ],
);

/**
 * An invitation to join an organiser's team, sent by e-mail: the link carries a random token, stored hashed
 * (SHA-256) like the password resets'; accepted once, before it expires.
 */
export const invitations = pgTable(
  'invitation',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ORGANIZER_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitation_organizer_idx').on(t.organizerId),
    check('invitation_role_check', oneOf(t.role, ORGANIZER_ROLES)),
  ],
);

/** A visual an organiser uploaded (services/uploads): its stored name, by content, and its size. */
export const uploads = pgTable(
  'upload',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** The stored name without its width (the content's hash): the variants are `<name>-<width>.webp`. */
    name: text('name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('upload_organizer_name_idx').on(t.organizerId, t.name)],
);

export const performers = pgTable(
  'performer',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** Upper-cased first letter of the name without accents: the alphabetical index of /artistes. */
    initial: text('initial').notNull(),
    genre: text('genre').notNull(),
    bio: jsonb('bio').$type<RichTextDocument>(),
    visual: jsonb('visual').$type<Visual>(),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(searchDocument(['A', 'name'], ['B', 'genre'], ['D', richTextWords('bio')])),
  },
  (t) => [
    index('performer_name_idx').on(t.name),
    index('performer_search_idx').using('gin', t.searchVector),
    index('performer_name_search_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

export const ticketings = pgTable(
  'ticketing',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: jsonb('description').$type<RichTextDocument>().notNull(),
    category: text('category').notNull(),
    venue: text('venue').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    citySlug: text('city_slug').notNull(),
    /** Country slug as it appears in /billetteries/{country}: france, belgique, suisse. */
    country: text('country').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    visuals: jsonb('visuals').$type<Visual[]>().notNull().default([]),
    status: text('status', { enum: TICKETING_STATUSES }).notNull().default('PUBLISHED'),
    /**
     * When its tickets go on sale (« en vente à partir de »), if the organizer set a date: before it, nothing
     * can be bought. Null: on sale as soon as the ticketing is online (docs/decisions/0029).
     */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    /**
     * DATED: a performance at a date and hour (Paris time); PERIOD: open from one day to another, « horaire libre »
     * (starts_at the first day at 00:00, ends_at the last at 23:59, Paris time).
     */
    schedule: text('schedule', { enum: TICKETING_SCHEDULES }).notNull().default('DATED'),
    /**
     * Raised by every save from the pro site: a save names the version it was read at, and one naming an older
     * version is refused (optimistic concurrency: « Cette billetterie a été modifiée entre-temps »).
     */
    version: integer('version').notNull().default(0),
    /** When it was first published: null while a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A postponed event's first date (JSON-LD `previousStartDate`, « initialement le … »); null if never moved. */
    previousStartsAt: timestamp('previous_starts_at', { withTimezone: true }),
    /** Until when a buyer of a postponed event may ask for a refund (set by the organiser when postponing). */
    refundRequestsUntil: timestamp('refund_requests_until', { withTimezone: true }),
    /** Raised by each postponement: the calendar file's SEQUENCE, and which notice each buyer got. */
    scheduleRevision: integer('schedule_revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        searchDocument(
          ['A', 'title'],
          ['B', "venue || ' ' || city || ' ' || category"],
          ['C', 'summary'],
          ['D', richTextWords('description')],
        ),
      ),
  },
  (t) => [
    // Listing by country and period, upcoming first (keyset on starts_at, id).
    index('ticketing_country_starts_idx').on(t.country, t.startsAt, t.id),
    index('ticketing_city_starts_idx').on(t.citySlug, t.startsAt, t.id),
    index('ticketing_starts_idx').on(t.startsAt, t.id),
    index('ticketing_organizer_idx').on(t.organizerId, t.startsAt),
    // What is running now (started before, not over: the range (starts_at, ends_at] holds the instant): the
    // first part of an « upcoming » listing. SP-GiST, whose point lookups in ranges stay cheap where GiST's
    // overlapping boxes do not, and covering (INCLUDE, written in migration 0016: drizzle-kit has no INCLUDE),
    // so that the running ids are read from the index alone (bench/REPORT.md).
    index('ticketing_running_idx')
      .using('spgist', sql`tstzrange(${t.startsAt}, ${t.endsAt}, '(]')`)
      .where(sql`${t.status} = 'PUBLISHED'`),
    // Accent- and case-insensitive search (« theatre » finds « Théâtre »); immutable_unaccent: migration 0003.
    index('ticketing_title_search_idx').using('gin', sql`immutable_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('ticketing_search_idx').using('gin', t.searchVector),
    check('ticketing_period_check', sql`${t.endsAt} >= ${t.startsAt}`),
    check('ticketing_sales_start_check', sql`${t.salesStartAt} IS NULL OR ${t.salesStartAt} < ${t.endsAt}`),
    check('ticketing_status_check', oneOf(t.status, TICKETING_STATUSES)),
    check('ticketing_schedule_check', oneOf(t.schedule, TICKETING_SCHEDULES)),
    check('ticketing_version_check', sql`${t.version} >= 0`),
  ],
);

export const ticketingPerformers = pgTable(
  'ticketing_performer',
  {
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    performerId: integer('performer_id')
      .notNull()
      .references(() => performers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ticketingId, t.performerId] }),
    index('ticketing_performer_performer_idx').on(t.performerId),
  ],
);

/**
 * A deal's partner (issue 27): the business that honours the vouchers, kept by the editors of the back office.
 * Its name and address are copied onto each of its offers (`offer.partner`, `offer.partner_address`), which the
 * search document and the public pages read; the back office rewrites them when the partner changes.
 */
export const partners = pgTable(
  'partner',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    /** The partner as an organiser of the pro site, when it is one (its scanners check the vouchers). */
    organizerId: integer('organizer_id').references(() => organizers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
  },
  (t) => [uniqueIndex('partner_name_idx').on(t.name)],
);

export const offers = pgTable(
  'offer',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: jsonb('description').$type<RichTextDocument>().notNull(),
    category: text('category').notNull(),
    city: text('city').notNull(),
    citySlug: text('city_slug').notNull(),
    partner: text('partner').notNull(),
    /** The partner row this offer belongs to (the back office's); its name is `partner` above. */
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    /** OFFER_STATUSES: only PUBLISHED offers are searched, shown and sold (within their validity). */
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('PUBLISHED'),
    /**
     * The partner as an organiser of the pro site, when it is one: its scanners mark the vouchers used at the
     * door, offline, with signed codes. Null: vouchers are checked online by their printed code only.
     */
    organizerId: integer('organizer_id').references(() => organizers.id, { onDelete: 'set null' }),
    partnerAddress: text('partner_address').notNull().default(''),
    partnerUrl: text('partner_url'),
    visuals: jsonb('visuals').$type<Visual[]>().notNull().default([]),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    terms: jsonb('terms').$type<RichTextDocument>().notNull().default({ type: 'doc', content: [] }),
    /** Shown first on the deals home page. */
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
    // Kept by PostgreSQL from the offer's products (trigger of migration 0007), so that a search can filter
    // and sort 100,000 offers by price or discount through indexes: never written by the API.
    /** The lowest discounted price of its products, in cents; null without a product. */
    priceFrom: integer('price_from'),
    /** The price before discount of that cheapest product. */
    priceOriginal: integer('price_original'),
    /** The biggest discount of its products, as a share of the price. */
    bestDiscountType: text('best_discount_type', { enum: DISCOUNT_TYPES }),
    bestDiscount: integer('best_discount'),
    /** That share in basis points (2000 = 20 %): the order of « biggest discount ». */
    bestDiscountRate: integer('best_discount_rate').notNull().default(0),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        searchDocument(
          ['A', 'title'],
          ['B', "partner || ' ' || category || ' ' || city"],
          ['C', 'summary'],
          ['D', richTextWords('description')],
        ),
      ),
  },
  (t) => [
    index('offer_category_valid_idx').on(t.category, t.validUntil),
    index('offer_city_valid_idx').on(t.citySlug, t.validUntil),
    index('offer_valid_until_idx').on(t.validUntil, t.id),
    index('offer_price_from_idx').on(t.priceFrom, t.id),
    index('offer_discount_rate_idx').on(t.bestDiscountRate, t.id),
    // The order of `relevance` without a text, or with one matching more than a search counts: walked in order,
    // a page stops at its last card (services/offers/search.ts).
    index('offer_featured_newest_idx').on(t.featured.desc().nullsFirst(), t.validFrom.desc().nullsFirst(), t.id),
    index('offer_title_search_idx').using('gin', sql`immutable_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('offer_search_idx').using('gin', t.searchVector),
    check('offer_validity_check', sql`${t.validUntil} >= ${t.validFrom}`),
    check('offer_best_discount_type_check', oneOf(t.bestDiscountType, DISCOUNT_TYPES)),
    check('offer_status_check', oneOf(t.status, OFFER_STATUSES)),
    index('offer_partner_idx').on(t.partnerId),
  ],
);

/**
 * What a visitor puts in the cart: a ticket of a ticketing (productType TICKET) or a deal (OFFER).
 * `quota` is the most one order may take; `stock` the most that can ever be sold;
 * `sold + reserved <= stock` is enforced by the database itself.
 */
export const products = pgTable(
  'product',
  {
    id: serial('id').primaryKey(),
    productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
    ticketingId: integer('ticketing_id').references(() => ticketings.id, {
      onDelete: 'cascade',
    }),
    offerId: integer('offer_id').references(() => offers.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    discount: integer('discount').notNull().default(0),
    quota: integer('quota').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    position: integer('position').notNull().default(0),
    /**
     * The VAT rate of its price (prices include VAT): a deal's is read from here; a ticket's is its event's
     * (admissionVatRate by country and category, decision 0048), computed at checkout — the seed writes the same.
     */
    vatRate: vatRate(),
    /** When this product's own sale opens and closes (the pro site's « ouverture / fermeture des ventes »); null: the ticketing's. */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'product_sales_window_check',
      sql`${t.salesStartAt} IS NULL OR ${t.salesEndAt} IS NULL OR ${t.salesStartAt} < ${t.salesEndAt}`,
    ),
    index('product_ticketing_idx').on(t.ticketingId, t.position),
    index('product_offer_idx').on(t.offerId, t.position),
    check('product_type_check', oneOf(t.productType, PRODUCT_TYPES)),
    check('product_discount_type_check', oneOf(t.discountType, DISCOUNT_TYPES)),
    check('product_price_check', sql`${t.price} >= 0`),
    check('product_discount_check', sql`${t.discount} >= 0`),
    // The discount never takes the price below 0 (FIXED at most the price, PERCENTAGE at most 100) and a
    // product without a discount type carries none: the price rules then never need a floor.
    check(
      'product_discount_range_check',
      sql`CASE ${t.discountType} WHEN 'FIXED' THEN ${t.discount} <= ${t.price} WHEN 'PERCENTAGE' THEN ${t.discount} <= 100 ELSE ${t.discount} = 0 END`,
    ),
    check('product_quota_check', sql`${t.quota} >= 1`),
    check('product_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    check(
      'product_stock_check',
      sql`${t.sold} >= 0 AND ${t.reserved} >= 0 AND ${t.sold} + ${t.reserved} <= ${t.stock}`,
    ),
    check(
      'product_owner_check',
      sql`(${t.productType} = 'TICKET' AND ${t.ticketingId} IS NOT NULL AND ${t.offerId} IS NULL) OR (${t.productType} = 'OFFER' AND ${t.offerId} IS NOT NULL AND ${t.ticketingId} IS NULL)`,
    ),
  ],
);

/**
 * The words the site's searchable texts are made of (titles, partners, venues, cities, names, summaries),
 * without accents, each with one way it is written on the site: a word typed with a typo is matched to the
 * closest of them by trigram similarity (docs/decisions/0021). Kept by triggers of migration 0007.
 */
export const searchWords = pgTable(
  'search_word',
  {
    /** Lower case, without accents: the key a typed word is compared with. */
    word: text('word').primaryKey(),
    /** As the site writes it (lower case, accents kept): what « Vouliez-vous dire » shows. */
    display: text('display').notNull(),
  },
  (t) => [index('search_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export const users = pgTable(
  'user',
  {
    id: serial('id').primaryKey(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    facturationAddress: jsonb('facturation_address').$type<FacturationAddress>(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * Raised when every session of the user ends (password changed or reset): access tokens carry the
     * value they were issued under, and one carrying an older value is refused (docs/decisions/0018).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the address was confirmed by the link e-mailed to it: the pro site opens only to confirmed addresses. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** A platform administrator runs the editorial back office (deals, contests, Le Mag, redirects). */
    platformAdmin: boolean('platform_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_email_idx').on(sql`lower(${t.email})`),
    check('user_session_version_check', sql`${t.sessionVersion} >= 0`),
  ],
);

/** Opaque refresh tokens, stored hashed; a family shares one `familyId` so reuse revokes them all. */
export const refreshTokens = pgTable(
  'refresh_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    /**
     * The site the session belongs to (domain's SESSION_AUDIENCES): a refresh token of the public site never
     * renews a pro session, nor the other way round.
     */
    audience: text('audience', { enum: SESSION_AUDIENCES }).notNull().default('SITE'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_token_family_idx').on(t.familyId),
    index('refresh_token_user_idx').on(t.userId),
    check('refresh_token_audience_check', oneOf(t.audience, SESSION_AUDIENCES)),
  ],
);

/** Links that confirm an e-mail address (pro sign-up): a random token stored hashed, used once, before it expires. */
export const emailConfirmations = pgTable(
  'email_confirmation',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmation_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_reset',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

/**
 * Failed logins counted per key (`ip:<address>` over a minute, `account:<e-mail>` over an hour), in the
 * database so that every API process sees the same counters. A window opens at the first failure.
 */
export const loginFailures = pgTable(
  'login_failure',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('login_failure_window_idx').on(t.windowStart),
    check('login_failure_count_check', sql`${t.count} >= 0`),
  ],
);

/** The server copy of a visitor's cart; the cookie keeps the cartID and the items. */
export const carts = pgTable(
  'cart',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An account's cart is its most recently updated one (POST /account/:id/cart).
  (t) => [index('cart_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const cartItems = pgTable(
  'cart_item',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The line's place in the cart (0 first): the order the visitor added them in, which a merge keeps. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] }), check('cart_item_quantity_check', sql`${t.quantity} >= 1`)],
);

export const orders = pgTable(
  'order',
  {
    id: serial('id').primaryKey(),
    /** Human reference printed on tickets and invoices, e.g. GU-2026-000042. */
    reference: text('reference').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('PENDING'),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    facturationAddress: jsonb('facturation_address').$type<FacturationAddress>(),
    paymentProvider: text('payment_provider'),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The cart the order was made from: emptied when the order is paid. */
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** When its places stop being held (ORDER_HOLD_MINUTES after it was made); null for the seeded orders. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Totals per VAT rate (with, without VAT and VAT), computed once when the order is made. */
    vatBreakdown: jsonb('vat_breakdown').$type<VatBreakdownRow[]>().notNull().default([]),
    /** Its invoice's number, from the gap-free `invoice_counter`: given when the order is paid. */
    invoiceNumber: integer('invoice_number').unique(),
    /** When the confirmation e-mail went out: the one transaction that paid the order sends it, once. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** What its refunds took back, in cents, as they were requested: never more than it was paid. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_user_created_idx').on(t.userId, t.createdAt, t.id),
    // A buyer has at most one pending order (docs/decisions/0040): a new one cancels the previous in the
    // statement or transaction that makes it; two made at once by the same buyer cannot both be written.
    uniqueIndex('order_one_pending_per_buyer').on(t.userId).where(sql`${t.status} = 'PENDING'`),
    check('order_total_check', sql`${t.totalAmount} >= 0`),
    check('order_refunded_amount_check', sql`${t.refundedAmount} BETWEEN 0 AND ${t.totalAmount}`),
    check('order_paid_invoice_check', sql`${t.status} NOT IN ('PAID', 'REFUNDED') OR ${t.invoiceNumber} IS NOT NULL`),
    check('order_status_check', oneOf(t.status, ORDER_STATUSES)),
  ],
);

/**
 * The number of an order's reference (GU-2026-001000): a sequence rather than the order's id, so that the
 * reference is known when the row is inserted; it starts above the demo orders' own numbers.
 */
export const orderReferenceSequence = pgSequence('order_reference_seq', { startWith: 1000 });

/**
 * Places an unpaid order keeps off sale until `expires_at` (spec: checkout). `product.reserved` is the sum
 * of the holds not yet released; a hold past its expiry still counts there until someone releases it (the
 * next order of that product, or the job), which is why what pages show subtracts it back (`availableSql`).
 */
export const productHolds = pgTable(
  'product_hold',
  {
    id: serial('id').primaryKey(),
    // No cascade: deleting an order (or product) with a hold not released would leave `reserved` counting it.
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    // Only unreleased holds are ever looked up by product (availability, release): a small index. By expiry
    // within a product, so that the expired ones are found without reading the others — thousands during a
    // sale, read by every cart and checkout of it (bench/onsale.bench.ts).
    index('product_hold_product_idx').on(t.productId, t.expiresAt).where(sql`${t.releasedAt} IS NULL`),
    index('product_hold_order_idx').on(t.orderId),
    check('product_hold_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** A line of an order, with the unit price as charged (recomputed by the server at checkout). */
export const orderItems = pgTable(
  'order_item',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    title: text('title').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** The product's VAT rate when ordered: the invoice's, whatever the product's becomes. */
    vatRate: vatRate(),
    /** The name printed on each ticket of the line (the buyer's unless another was given), one per unit. */
    holderNames: jsonb('holder_names').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('order_item_order_idx').on(t.orderId),
    // A ticketing's attendees export reads its products' lines in keyset batches (migration 0021).
    index('order_item_product_idx').on(t.productId, t.id),
    check('order_item_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    check('order_item_quantity_check', sql`${t.quantity} >= 1`),
    check('order_item_amounts_check', sql`${t.unitPrice} >= 0 AND ${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
  ],
);

export const tickets = pgTable(
  'ticket',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The code printed in the QR code and checked at the door. */
    code: text('code').notNull().unique(),
    holderName: text('holder_name').notNull(),
    /** The winning check-in's instant and gate: the first valid scan, by the scanning device's clock. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    scannedGate: text('scanned_gate'),
    /** When and why it stopped letting anyone in (a refund): it is then in the revocations every door downloads. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: REFUND_REASONS }),
    refundId: integer('refund_id').references((): AnyPgColumn => refunds.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_order_item_idx').on(t.orderItemId),
    index('ticket_revoked_idx').on(t.revokedAt).where(sql`${t.revokedAt} IS NOT NULL`),
    check('ticket_revoked_reason_check', oneOf(t.revokedReason, REFUND_REASONS)),
    check('ticket_revoked_check', sql`(${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
  ],
);

/**
 * An organiser's key pair for the signed codes of its tickets and vouchers (Ed25519, docs/decisions/0064): the
 * public key goes to the scanners, the private one never leaves the API and is stored encrypted (AES-256-GCM,
 * key derived from TICKET_SIGNING_SECRET). One active key per organiser; a retired one still verifies the codes
 * it signed, a revoked one no longer does.
 */
export const organizerSigningKeys = pgTable(
  'organizer_signing_key',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** The 32 bytes of the raw public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The PKCS#8 private key, encrypted: base64url of iv ‖ tag ‖ ciphertext. */
    privateKeyEncrypted: text('private_key_encrypted').notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organizer_signing_key_active_idx')
      .on(t.organizerId)
      .where(sql`${t.retiredAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

/**
 * Every scan a door recorded, online or sent later from a phone's queue: the nonce the phone drew makes a scan
 * sent twice count once. `scanned_at` is the phone's clock (clamped by the API to the last day before
 * reception); the first VALID scan of a ticket wins (written on the ticket), the others are `conflict`s shown
 * to every gate concerned.
 */
export const checkIns = pgTable(
  'check_in',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    nonce: uuid('nonce').notNull().unique(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    scopeKind: text('scope_kind', { enum: TICKET_QR_KINDS }).notNull(),
    scopeId: integer('scope_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    gate: text('gate').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the phone showed (offline) or the API answered (online). */
    localVerdict: text('local_verdict', { enum: DOOR_VERDICTS }).notNull(),
    /** A valid scan of a ticket another valid scan had let in (both gates are told). */
    conflict: boolean('conflict').notNull().default(false),
  },
  (t) => [
    index('check_in_ticket_idx').on(t.ticketId, t.scannedAt, t.id),
    index('check_in_scope_received_idx').on(t.scopeKind, t.scopeId, t.receivedAt),
    check('check_in_scope_kind_check', oneOf(t.scopeKind, TICKET_QR_KINDS)),
    check('check_in_verdict_check', oneOf(t.localVerdict, DOOR_VERDICTS)),
    check('check_in_gate_check', sql`char_length(${t.gate}) BETWEEN 1 AND 40`),
    check('check_in_device_check', sql`char_length(${t.deviceId}) BETWEEN 1 AND 64`),
  ],
);

/**
 * Money given back on an order, some or all of its lines: written PENDING with its lines in the transaction
 * that revokes the tickets and puts their places back on sale; a worker then asks the payment provider (with
 * an idempotency key of its own id, so a retry after a crash never refunds twice) and, in the transaction
 * that marks it SUCCEEDED, numbers its credit note from the gap-free `credit_note_counter`. An invoice is
 * never changed: the credit note is the refund's document (docs/decisions/0066).
 */
export const refunds = pgTable(
  'refund',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The organiser whose lines it refunds; null for a buyer's withdrawal from a deal. */
    organizerId: integer('organizer_id').references(() => organizers.id),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('PENDING'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Drawn by the form that asked for it: the same request sent twice is one refund. */
    requestId: uuid('request_id').unique(),
    /** The cancellation that made it, if any: one refund per order and job, so a job run twice refunds once. */
    jobId: integer('job_id').references((): AnyPgColumn => refundJobs.id),
    provider: text('provider'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    creditNoteNumber: integer('credit_note_number').unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The buyer's e-mail: claimed for a while by the sender, marked sent after (at least once). */
    mailClaimedUntil: timestamp('mail_claimed_until', { withTimezone: true }),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_job_order_idx').on(t.jobId, t.orderId),
    index('refund_order_idx').on(t.orderId),
    index('refund_pending_idx').on(t.id).where(sql`${t.status} = 'PENDING'`),
    index('refund_mail_idx').on(t.id).where(sql`${t.status} = 'SUCCEEDED' AND ${t.mailSentAt} IS NULL`),
    check('refund_reason_check', oneOf(t.reason, REFUND_REASONS)),
    check('refund_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('refund_amount_check', sql`${t.amount} > 0`),
    check('refund_credit_note_check', sql`${t.status} <> 'SUCCEEDED' OR ${t.creditNoteNumber} IS NOT NULL`),
  ],
);

/** What a refund gives back of one order line: how many of its units, at the price they were charged. */
export const refundLines = pgTable(
  'refund_line',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    vatRate: vatRate(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    index('refund_line_item_idx').on(t.orderItemId),
    check('refund_line_quantity_check', sql`${t.quantity} > 0`),
    check('refund_line_amount_check', sql`${t.amount} >= 0`),
    check('refund_line_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
  ],
);

/** A ticketing's cancellation: the refunds it wrote, one per paid order, worked through by the refund worker. */
export const refundJobs = pgTable('refund_job', {
  id: serial('id').primaryKey(),
  ticketingId: integer('ticketing_id')
    .notNull()
    .unique()
    .references(() => ticketings.id),
  message: text('message'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** The last credit note number given, like invoice_counter: bumped in the transaction that marks a refund done. */
export const creditNoteCounter = pgTable(
  'credit_note_counter',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('credit_note_counter_single_check', sql`${t.id} = 1`)],
);

/** Each buyer of a postponed event is told once per new date: a row per order and revision, claimed by the mailer. */
export const postponementNotices = pgTable(
  'postponement_notice',
  {
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketingId, t.orderId, t.revision] }),
    index('postponement_notice_unsent_idx').on(t.ticketingId).where(sql`${t.sentAt} IS NULL`),
  ],
);

/**
 * The demo bank's refunds, by idempotency key: what the demo provider « paid back », once per key, so that
 * tests and the demo can check that a refund asked twice was made once.
 */
export const demoRefunds = pgTable('demo_refund', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  providerPaymentId: text('provider_payment_id').notNull(),
  providerRefundId: text('provider_refund_id').notNull(),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
});

/**
 * One attempt to pay an order with a provider: a declined card, then an accepted one, are two rows. The
 * provider's own id is unique, so a notification can only ever name one row.
 */
export const payments = pgTable(
  'payment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Why the provider refused it, in French, as the buyer was told. */
    failureMessage: text('failure_message'),
    /**
     * When the provider confirmed the refund of a REFUNDED payment: null while it is still owed (the
     * provider's call failed), so the next delivery of the notification tries again.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payment_order_idx').on(t.orderId),
    check('payment_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payment_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The provider notifications already handled, by the provider's event id: the first transaction to insert
 * one handles it; a copy delivered again, even concurrently, waits for it and then finds it done.
 */
export const paymentEvents = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The last invoice number given: one row, incremented inside the transaction that pays an order, so that
 * a rolled-back payment gives its number back (a sequence would leave a gap, which French law forbids).
 */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('invoice_counter_single_check', sql`${t.id} = 1`)],
);

export const contestGames = pgTable(
  'contest_game',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: jsonb('description').$type<RichTextDocument>().notNull(),
    prize: text('prize').notNull(),
    /** What can be won, best first: one winner a prize, so as many winners as prizes. Values in cents. */
    prizes: jsonb('prizes').$type<ContestPrize[]>().notNull().default([]),
    /** The « règlement »: French law wants a giveaway's rules published. */
    rules: jsonb('rules').$type<RichTextDocument>(),
    /** The numeric estimate that parts players with the same score, and its right value. */
    tieBreakLabel: text('tie_break_label').notNull().default(''),
    tieBreakAnswer: integer('tie_break_answer').notNull().default(0),
    /** Set once, in the transaction that inserts the winners: what makes the draw happen only once. */
    winnersDrawnAt: timestamp('winners_drawn_at', { withTimezone: true }),
    /** The draw's audit trail: who drew (null: the scheduled job), how, and the seed of a random draw. */
    drawnBy: integer('drawn_by').references(() => users.id, { onDelete: 'set null' }),
    drawMethod: text('draw_method', { enum: CONTEST_DRAW_METHODS }),
    drawSeed: text('draw_seed'),
    /** EDITORIAL_STATUSES: a DRAFT game is shown nowhere and never drawn. */
    status: text('status', { enum: EDITORIAL_STATUSES }).notNull().default('PUBLISHED'),
    visual: jsonb('visual').$type<Visual>(),
    ticketingId: integer('ticketing_id').references(() => ticketings.id, {
      onDelete: 'set null',
    }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contest_game_period_idx').on(t.startsAt, t.endsAt),
    check('contest_game_status_check', oneOf(t.status, EDITORIAL_STATUSES)),
    check('contest_game_draw_method_check', oneOf(t.drawMethod, CONTEST_DRAW_METHODS)),
    check('contest_game_period_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const contestQuestions = pgTable(
  'contest_question',
  {
    id: serial('id').primaryKey(),
    contestGameId: integer('contest_game_id')
      .notNull()
      .references(() => contestGames.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    /** Index in `choices` of the right answer. */
    answer: integer('answer').notNull(),
  },
  (t) => [index('contest_question_game_idx').on(t.contestGameId, t.position)],
);

export const contestParticipations = pgTable(
  'contest_participation',
  {
    id: serial('id').primaryKey(),
    contestGameId: integer('contest_game_id')
      .notNull()
      .references(() => contestGames.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<number[]>().notNull(),
    score: integer('score').notNull(),
    /** The player's estimate for the game's tie-break question. */
    tieBreak: integer('tie_break').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contest_participation_once_idx').on(t.contestGameId, t.userId),
    index('contest_participation_ranking_idx').on(t.contestGameId, t.score, t.createdAt),
  ],
);

/** A game's winners, drawn once when it closes: rank n wins the game's n-th prize. */
export const contestWinners = pgTable(
  'contest_winner',
  {
    id: serial('id').primaryKey(),
    contestGameId: integer('contest_game_id')
      .notNull()
      .references(() => contestGames.id, { onDelete: 'cascade' }),
    participationId: integer('participation_id')
      .notNull()
      .references(() => contestParticipations.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    prize: text('prize').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contest_winner_rank_idx').on(t.contestGameId, t.rank),
    uniqueIndex('contest_winner_participation_idx').on(t.participationId),
  ],
);

export const surveys = pgTable(
  'survey',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    introduction: text('introduction').notNull(),
    /** The ticketing whose attendees this survey asks (issue 27); null: the default survey of every other one. */
    ticketingId: integer('ticketing_id').references(() => ticketings.id, { onDelete: 'cascade' }),
    /** How many days after the event ends its invitations go out (1: the next day). */
    inviteAfterDays: integer('invite_after_days').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
  },
  (t) => [
    uniqueIndex('survey_ticketing_idx').on(t.ticketingId),
    check('survey_invite_after_days_check', sql`${t.inviteAfterDays} BETWEEN 0 AND 60`),
  ],
);

export const surveyQuestions = pgTable(
  'survey_question',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    /** SURVEY_QUESTION_KINDS (packages/domain/src/surveys.ts): RATING, SINGLE_CHOICE, MULTIPLE_CHOICE, TEXT. */
    kind: text('kind').notNull(),
    choices: jsonb('choices').$type<string[]>(),
    required: boolean('required').notNull().default(true),
  },
  (t) => [index('survey_question_survey_idx').on(t.surveyId, t.position)],
);

export const surveyAnswers = pgTable(
  'survey_answer',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, string | number | string[]>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('survey_answer_once_idx').on(t.surveyId, t.ticketingId, t.userId)],
);

/**
 * The survey invitations e-mailed (one per buyer per ticketing per survey): the job inserts the row before
 * sending, on conflict nothing, so two runs (or two API processes) never mail the same person twice.
 */
export const surveyInvitations = pgTable(
  'survey_invitation',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.ticketingId, t.userId] })],
);

export const redirects = pgTable(
  'redirect',
  {
    id: serial('id').primaryKey(),
    /** Path as requested, without query string, e.g. /evenement/festival-jazz-2024. */
    source: text('source').notNull().unique(),
    /** A path within the site or an absolute URL (which leaves the site). */
    target: text('target').notNull(),
    kind: text('kind', { enum: REDIRECT_KINDS }).notNull().default('PERMANENT'),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
  },
  (t) => [check('redirect_kind_check', oneOf(t.kind, REDIRECT_KINDS))],
);

/**
 * What an organiser sold, per product and VAT rate, since the first sale: the dashboards' « vendus » and revenue
 * per rate read these few rows instead of the orders. Kept by PostgreSQL itself (triggers `record_sales` of
 * migration 0021) in the transaction that pays an order or writes the lines of a paid one, whoever writes it
 * (checkout, seed, tests); an order leaving PAID (a refund) takes its lines back out. Never written by the API.
 */
export const salesTotals = pgTable(
  'sales_total',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vatRate: vatRate(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Cents including VAT; the amount without VAT is derived per rate when read (domain `vatBreakdown`). */
    revenueInclVat: bigint('revenue_incl_vat', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.vatRate] }),
    index('sales_total_organizer_idx').on(t.organizerId, t.ticketingId),
    index('sales_total_ticketing_idx').on(t.ticketingId),
  ],
);

/**
 * Paid orders, tickets and revenue per ticketing and day of payment (Paris): the sales-per-day chart and the
 * views → orders conversion. An order counts once per ticketing it has tickets of. Same triggers as sales_total.
 */
export const salesDays = pgTable(
  'sales_day',
  {
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    /** The Paris day of the payment. */
    day: date('day', { mode: 'string' }).notNull(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    orders: integer('orders').notNull(),
    quantity: integer('quantity').notNull(),
    revenueInclVat: bigint('revenue_incl_vat', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketingId, t.day] })],
);

/**
 * The same per organiser and day, an order counted once however many of its ticketings it holds: the
 * organiser's chart reads 30 rows, not 30 per ticketing. Same triggers as sales_total.
 */
export const organizerSalesDays = pgTable(
  'organizer_sales_day',
  {
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull(),
    quantity: integer('quantity').notNull(),
    revenueInclVat: bigint('revenue_incl_vat', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizerId, t.day] })],
);

/**
 * Page views per organiser, day and source: page_view summed over the organiser's ticketings, kept by a trigger
 * on page_view (migration 0021), so that the organiser's dashboard reads 30 days × its sources, not × its pages.
 */
export const organizerViewDays = pgTable(
  'organizer_view_day',
  {
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    source: text('source').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizerId, t.day, t.source] })],
);

/**
 * One row per paid order and organiser with tickets in it: the organiser's orders list, newest payment first
 * (keyset on paid_at, order_id), searched by reference, buyer's name or e-mail through a trigram index on
 * `search` (lower case, without accents). `tickets` and `amount` are this organiser's lines only; `status`
 * follows the order's (a refunded order stays listed as such). Same triggers as sales_total.
 */
export const organizerOrders = pgTable(
  'organizer_order',
  {
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The order's, to the millisecond: the list's cursor carries it as an ISO instant. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    tickets: integer('tickets').notNull(),
    amount: integer('amount').notNull(),
    search: text('search').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizerId, t.orderId] }),
    // Ascending, read backwards: the order of `ORDER BY paid_at DESC, order_id DESC` (DESC NULLS FIRST) exactly.
    index('organizer_order_paid_idx').on(t.organizerId, t.paidAt, t.orderId),
    index('organizer_order_order_idx').on(t.orderId),
    index('organizer_order_search_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    check('organizer_order_status_check', oneOf(t.status, ORDER_STATUSES)),
  ],
);

/** Views of a ticketing page counted per day and source (DIRECT, or the query's `source`). */
export const pageViews = pgTable(
  'page_view',
  {
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ticketingId, t.source, t.day] }),
    // The dashboards read the last 30 days of an organiser's pages, whatever their age (migration 0021).
    index('page_view_ticketing_day_idx').on(t.ticketingId, t.day),
  ],
);

export const articles = pgTable(
  'article',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: jsonb('body').$type<RichTextDocument>().notNull(),
    author: text('author').notNull(),
    category: text('category').notNull(),
    visual: jsonb('visual').$type<Visual>(),
    /** When it shows on Le Mag: a PUBLISHED article dated in the future is scheduled. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** EDITORIAL_STATUSES: a DRAFT is shown nowhere. */
    status: text('status', { enum: EDITORIAL_STATUSES }).notNull().default('PUBLISHED'),
    /** The search engines' title and description; empty: the title and the summary. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: rowUpdatedAt(),
  },
  (t) => [
    index('article_published_idx').on(t.publishedAt),
    check('article_status_check', oneOf(t.status, EDITORIAL_STATUSES)),
  ],
);

/** The ticketings an article's editor chose to show as cards under it, in their order. */
export const articleTicketings = pgTable(
  'article_ticketing',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    ticketingId: integer('ticketing_id')
      .notNull()
      .references(() => ticketings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.ticketingId] }),
    index('article_ticketing_ticketing_idx').on(t.ticketingId),
  ],
);

/** The deals an article's editor chose to show as cards under it, in their order. */
export const articleOffers = pgTable(
  'article_offer',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.offerId] }), index('article_offer_offer_idx').on(t.offerId)],
);

/**
 * The back office's audit log: who changed what and when, one row per change, written in the transaction of
 * the change itself (so a change never lands without its row). Read by platform administrators only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The editor's address at the time, kept if the account goes. */
    userEmail: text('user_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** What the row is called (a deal's title, a redirect's source), as it was. */
    label: text('label').notNull(),
    /** The fields changed, with their values before and after (free-text fields shortened). */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    check('audit_log_action_check', oneOf(t.action, AUDIT_ACTIONS)),
    check('audit_log_entity_check', oneOf(t.entity, AUDIT_ENTITIES)),
  ],
);

/** Bookkeeping: which deterministic seed, if any, filled this database. */
export const seedRuns = pgTable('seed_run', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
