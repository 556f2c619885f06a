/**
 * The pro site's ticketings and their products: what an organiser reads, creates, edits, duplicates,
 * publishes, pauses and cancels. Every query is scoped by the organiser (`organizer_id`), whose membership the
 * route checked first, so that an id of another organiser is unknown here (404).
 *
 * Optimistic concurrency: every write names the ticketing's version it read and moves it on in the same
 * statement (`UPDATE … WHERE id AND organizer_id AND version = $v … version = version + 1`), inside the
 * transaction of its other writes (performers, products): two saves from one version cannot both pass, and
 * the second learns what the row holds now. Ticketing and product rows move the data version (their
 * statement triggers, migration 0013), so the public caches drop what they kept at once.
 */
import type {
  EditConflictAnswer,
  ErrorIssue,
  ListProTicketingsQuery,
  ParisDateTime,
  ProductInput,
  ProProduct,
  ProTicketing,
  ProVenue,
  TicketingInput,
  VisualInput,
} from '@guichet/contracts';
import {
  EDIT_CONFLICT_MESSAGE,
  PERFORMER_NOT_FOUND_MESSAGE,
  PRODUCT_SOLD_MESSAGE,
  PUBLISH_WITHOUT_PRODUCT_MESSAGE,
  REFUND_MESSAGES,
  SALES_WINDOW_MESSAGE,
  STATUS_CHANGE_MESSAGES,
  STOCK_BELOW_SOLD_MESSAGE,
  VISUAL_NOT_FOUND_MESSAGE,
} from '@guichet/contracts';
import {
  admissionVatRate,
  formatMessage,
  MEDIA_PATH_PREFIX,
  mediaName,
  parisInstant,
  type RichTextDocument,
  richTextPlainText,
  scheduleInstants,
  slugify,
  type TicketingStatus,
  ticketingPath,
  VISUAL_DEFAULT_WIDTH,
} from '@guichet/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { performers, products, ticketingPerformers, ticketings, uploads } from '../../db/schema.js';
import { HttpError, invalidField } from '../../lib/http-error.js';
import { availableSql, containsText, discountedPriceSql } from '../catalogue/summary.js';
import { deleteNeverSoldProduct, updateProductAboveTaken } from '../product-writes.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Queryable = Database | Transaction;
type Visual = { url: string; alt: string; width: number; height: number };

/**
 * A state change each state allows (decided here, the one table of it). CANCELLED is not among them: a
 * cancellation refunds every buyer, so it goes through its own door (services/refunds/cancel-ticketing.ts,
 * « Annuler la billetterie »), never through a plain change of status.
 */
export const STATUS_CHANGES: Readonly<Record<TicketingStatus, readonly TicketingStatus[]>> = {
  DRAFT: ['PUBLISHED'],
  PUBLISHED: ['PAUSED'],
  PAUSED: ['PUBLISHED'],
  CANCELLED: [],
};

/** The states a ticketing may be cancelled or postponed from (its buyers exist only once it was published). */
export const AFTER_SALE_STATUSES: readonly TicketingStatus[] = ['PUBLISHED', 'PAUSED'];

const parisDateTime = (value: ParisDateTime | null | undefined) =>
  value ? parisInstant(value.date, value.time) : null;

export const ticketingNotFound = () => new HttpError(404, 'NOT_FOUND', 'Billetterie introuvable.');
const productNotFound = () => new HttpError(404, 'NOT_FOUND', 'Tarif introuvable.');

// ——— Reading ———

const productFields = {
  id: products.id,
  title: products.title,
  description: products.description,
  price: products.price,
  discountType: products.discountType,
  discount: products.discount,
  discountedPrice: discountedPriceSql('product').mapWith(Number),
  stock: products.stock,
  sold: products.sold,
  reserved: products.reserved,
  remaining: availableSql('product').mapWith(Number),
  quota: products.quota,
  salesStartAt: products.salesStartAt,
  salesEndAt: products.salesEndAt,
  position: products.position,
  vatRate: products.vatRate,
};

async function productsOf(db: Queryable, ticketingId: number): Promise<ProProduct[]> {
  const rows = await db
    .select(productFields)
    .from(products)
    .where(and(eq(products.ticketingId, ticketingId), eq(products.productType, 'TICKET')))
    .orderBy(asc(products.position), asc(products.id));
  return rows.map((row) => ({
    ...row,
    remaining: Math.max(0, row.remaining),
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    salesEndAt: row.salesEndAt?.toISOString() ?? null,
  }));
}

/** One ticketing of the organiser with its performers and products, or null. */
export async function findProTicketing(
  db: Queryable,
  organizerId: number,
  ticketingId: number,
): Promise<ProTicketing | null> {
  const [row] = await db
    .select()
    .from(ticketings)
    .where(and(eq(ticketings.id, ticketingId), eq(ticketings.organizerId, organizerId)))
    .limit(1);
  if (!row) return null;
  const [performerRows, productRows] = await Promise.all([
    db
      .select({ id: performers.id, name: performers.name })
      .from(ticketingPerformers)
      .innerJoin(performers, eq(performers.id, ticketingPerformers.performerId))
      .where(eq(ticketingPerformers.ticketingId, ticketingId))
      .orderBy(asc(ticketingPerformers.position), asc(performers.id)),
    productsOf(db, ticketingId),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    schedule: row.schedule,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    venue: {
      name: row.venue,
      address: row.address,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country as ProVenue['country'],
    },
    summary: row.summary,
    description: row.description,
    visuals: row.visuals,
    performers: performerRows,
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    status: row.status,
    version: row.version,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    publicPath: ticketingPath(row),
    products: productRows,
  };
}

export async function requireProTicketing(db: Queryable, organizerId: number, ticketingId: number) {
  const ticketing = await findProTicketing(db, organizerId, ticketingId);
  if (!ticketing) throw ticketingNotFound();
  return ticketing;
}

/** A page of the organiser's ticketings, the latest first, with the places sold and to sell of each. */
export async function listProTicketings(
  db: Database,
  organizerId: number,
  query: z.output<typeof ListProTicketingsQuery>,
) {
  const conditions: SQL[] = [eq(ticketings.organizerId, organizerId)];
  if (query.status) conditions.push(eq(ticketings.status, query.status));
  if (query.q) conditions.push(containsText(ticketings.title, query.q));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ticketings.id,
        title: ticketings.title,
        status: ticketings.status,
        schedule: ticketings.schedule,
        startsAt: ticketings.startsAt,
        endsAt: ticketings.endsAt,
        venue: ticketings.venue,
        city: ticketings.city,
        thumbnail: sql<Visual | null>`(${ticketings.visuals} -> 0)`,
        version: ticketings.version,
        sold: sql<number>`(SELECT coalesce(sum(p.sold), 0)::int FROM ${products} p WHERE p.ticketing_id = ${ticketings.id})`.mapWith(
          Number,
        ),
        stock:
          sql<number>`(SELECT coalesce(sum(p.stock), 0)::int FROM ${products} p WHERE p.ticketing_id = ${ticketings.id})`.mapWith(
            Number,
          ),
      })
      .from(ticketings)
      .where(where)
      .orderBy(desc(ticketings.startsAt), desc(ticketings.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(ticketings).where(where),
  ]);
  const totalCount = Number(total?.total ?? 0);
  return {
    items: rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() })),
    total: totalCount,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totalCount / query.limit)),
  };
}

/**
 * The places already used, each once (name, address, postal code, city, country): those of public
 * ticketings and the organiser's own drafts — never another organiser's draft. Searched by name or city.
 */
export async function listVenues(db: Database, organizerId: number, text: string | undefined): Promise<ProVenue[]> {
  const visible = sql`(${ticketings.status} <> 'DRAFT' OR ${ticketings.organizerId} = ${organizerId})`;
  const search = text
    ? sql`(${containsText(ticketings.venue, text)} OR ${containsText(ticketings.city, text)})`
    : undefined;
  const rows = await db
    .selectDistinct({
      name: ticketings.venue,
      address: ticketings.address,
      postalCode: ticketings.postalCode,
      city: ticketings.city,
      country: ticketings.country,
    })
    .from(ticketings)
    .where(and(visible, search))
    .orderBy(asc(ticketings.venue), asc(ticketings.city), asc(ticketings.address))
    .limit(20);
  return rows.map((row) => ({ ...row, country: row.country as ProVenue['country'] }));
}

/** Performers by name (accents and case ignored), to pick for a ticketing. */
export async function searchPerformers(db: Database, text: string | undefined) {
  return db
    .select({ id: performers.id, name: performers.name, genre: performers.genre })
    .from(performers)
    .where(text ? containsText(performers.name, text) : undefined)
    .orderBy(asc(performers.name), asc(performers.id))
    .limit(20);
}

// ——— Writing a ticketing ———

/** The visuals to store: uploads of this organiser (by id) or visuals the ticketing already shows (by url). */
async function resolveVisuals(
  db: Queryable,
  organizerId: number,
  inputs: readonly VisualInput[],
  current: readonly Visual[],
): Promise<Visual[]> {
  const uploadIds = inputs.flatMap((input) => ('uploadId' in input ? [input.uploadId] : []));
  const uploaded =
    uploadIds.length === 0
      ? []
      : await db
          .select({ id: uploads.id, name: uploads.name, width: uploads.width, height: uploads.height })
          .from(uploads)
          .where(and(eq(uploads.organizerId, organizerId), inArray(uploads.id, uploadIds)));
  const byId = new Map(uploaded.map((row) => [row.id, row]));
  return inputs.map((input, index) => {
    if ('uploadId' in input) {
      const upload = byId.get(input.uploadId);
      if (!upload) throw invalidField('body', ['visuals', index], VISUAL_NOT_FOUND_MESSAGE);
      // The variant cards and pages show: the widest at most VISUAL_DEFAULT_WIDTH (services/uploads).
      const width = Math.min(upload.width, VISUAL_DEFAULT_WIDTH);
      const height = Math.round((upload.height * width) / upload.width);
      return { url: `${MEDIA_PATH_PREFIX}${mediaName(upload.name, width)}`, alt: input.alt, width, height };
    }
    // A url is only one the ticketing already shows (kept as it is): no address from elsewhere gets in.
    const kept = current.find((visual) => visual.url === input.url);
    if (!kept) throw invalidField('body', ['visuals', index], VISUAL_NOT_FOUND_MESSAGE);
    return { ...kept, alt: input.alt };
  });
}

async function checkPerformers(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db.select({ id: performers.id }).from(performers).where(inArray(performers.id, unique));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing !== -1) throw invalidField('body', ['performerIds', missing], PERFORMER_NOT_FOUND_MESSAGE);
  return unique;
}

/** The columns a ticketing form writes, checked against each other (the table's CHECKs never answer a 500). */
async function ticketingColumns(
  db: Queryable,
  organizerId: number,
  input: TicketingInput,
  currentVisuals: readonly Visual[],
) {
  const { startsAt, endsAt } = scheduleInstants(input.when);
  if (endsAt < startsAt) throw invalidField('body', ['when'], 'La fin doit venir après le début.');
  const salesStartAt = parisDateTime(input.salesStartAt);
  if (salesStartAt && salesStartAt >= endsAt) {
    throw invalidField('body', ['salesStartAt'], 'L’ouverture des ventes doit précéder la fin de l’événement.');
  }
  const [visuals, performerIds] = await Promise.all([
    resolveVisuals(db, organizerId, input.visuals, currentVisuals),
    checkPerformers(db, input.performerIds),
  ]);
  return {
    columns: {
      slug: slugify(input.title) || 'billetterie',
      title: input.title,
      category: input.category,
      schedule: input.when.schedule,
      startsAt,
      endsAt,
      venue: input.venue.name,
      address: input.venue.address,
      postalCode: input.venue.postalCode,
      city: input.venue.city,
      citySlug: slugify(input.venue.city) || 'ville',
      country: input.venue.country,
      summary: input.summary,
      description: input.description as RichTextDocument,
      visuals,
      salesStartAt,
    },
    performerIds,
  };
}

async function replacePerformers(db: Queryable, ticketingId: number, performerIds: readonly number[]) {
  await db.delete(ticketingPerformers).where(eq(ticketingPerformers.ticketingId, ticketingId));
  if (performerIds.length > 0) {
    await db
      .insert(ticketingPerformers)
      .values(performerIds.map((performerId, position) => ({ ticketingId, performerId, position })));
  }
}

/** A new ticketing, always a draft: nothing of it is public until it is published. */
export async function createTicketing(db: Database, organizerId: number, input: TicketingInput): Promise<number> {
  return db.transaction(async (tx) => {
    const { columns, performerIds } = await ticketingColumns(tx, organizerId, input, []);
    const [row] = await tx
      .insert(ticketings)
      .values({ ...columns, organizerId, status: 'DRAFT' })
      .returning({ id: ticketings.id });
    if (!row) throw new Error('ticketing insert returned no row');
    await replacePerformers(tx, row.id, performerIds);
    return row.id;
  });
}

/** The answer of a write refused because the row moved on: what differs from what was sent, and the row now. */
export class EditConflict extends Error {
  constructor(
    readonly issues: ErrorIssue[],
    readonly current: ProTicketing,
  ) {
    super('edit conflict');
  }

  /** Its 409 answer, as every pro write gives it. */
  answer(): EditConflictAnswer {
    return {
      statusCode: 409,
      code: 'EDIT_CONFLICT',
      message: EDIT_CONFLICT_MESSAGE,
      issues: this.issues,
      current: this.current,
    };
  }
}

const quoted = (value: string) => `« ${value} »`;

/** The fields whose saved value differs from the one sent, each with the saved value (for the form to show). */
export function changedFields(current: ProTicketing, sent: TicketingInput, visuals: Visual[] | null): ErrorIssue[] {
  const { startsAt, endsAt } = scheduleInstants(sent.when);
  const sentSales = parisDateTime(sent.salesStartAt)?.toISOString() ?? null;
  const checks: [string, boolean, string][] = [
    ['title', current.title !== sent.title, quoted(current.title)],
    ['category', current.category !== sent.category, quoted(current.category)],
    [
      'when',
      current.schedule !== sent.when.schedule ||
        current.startsAt !== startsAt.toISOString() ||
        current.endsAt !== endsAt.toISOString(),
      `du ${current.startsAt} au ${current.endsAt}`,
    ],
    ['venue', JSON.stringify(current.venue) !== JSON.stringify(sent.venue), quoted(current.venue.name)],
    ['summary', current.summary !== sent.summary, quoted(current.summary)],
    [
      'description',
      JSON.stringify(current.description) !== JSON.stringify(sent.description),
      quoted(richTextPlainText(current.description).slice(0, 200)),
    ],
    [
      'visuals',
      visuals !== null && JSON.stringify(current.visuals) !== JSON.stringify(visuals),
      `${current.visuals.length} image(s)`,
    ],
    [
      'performerIds',
      JSON.stringify(current.performers.map((performer) => performer.id)) !==
        JSON.stringify([...new Set(sent.performerIds)]),
      current.performers.map((performer) => performer.name).join(', ') || 'aucun',
    ],
    ['salesStartAt', current.salesStartAt !== sentSales, current.salesStartAt ?? 'dès la publication'],
  ];
  return checks
    .filter(([, changed]) => changed)
    .map(([field, , value]) => ({ path: [field], code: 'changed', message: `Enregistré entre-temps : ${value}` }));
}

/**
 * Moves the ticketing's version on if it still is `version`, in `tx`: the one gate of every write. A ticketing
 * of another organiser, or none, is a 404; another version, an EditConflict (with `issues` when the caller
 * can name what differs).
 */
export async function claimVersion(
  tx: Transaction,
  organizerId: number,
  ticketingId: number,
  version: number,
  set: Parameters<ReturnType<Transaction['update']>['set']>[0] = {},
  conflictIssues: (current: ProTicketing) => ErrorIssue[] = () => [],
) {
  const [row] = await tx
    .update(ticketings)
    .set({ ...set, version: sql`${ticketings.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(ticketings.id, ticketingId), eq(ticketings.organizerId, organizerId), eq(ticketings.version, version)),
    )
    .returning({
      country: ticketings.country,
      category: ticketings.category,
      status: ticketings.status,
      version: ticketings.version,
    });
  if (row) return row;
  const current = await findProTicketing(tx, organizerId, ticketingId);
  if (!current) throw ticketingNotFound();
  throw new EditConflict(conflictIssues(current), current);
}

/** Sets the VAT of every ticket of the ticketing to its event's (decision 0048): what checkout charges anyway. */
async function alignVat(tx: Transaction, ticketingId: number, event: { country: string; category: string }) {
  await tx
    .update(products)
    .set({ vatRate: admissionVatRate(event.country, event.category) })
    .where(eq(products.ticketingId, ticketingId));
}

export async function updateTicketing(
  db: Database,
  organizerId: number,
  ticketingId: number,
  input: TicketingInput & { version: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findProTicketing(tx, organizerId, ticketingId);
    if (!current) throw ticketingNotFound();
    const { columns, performerIds } = await ticketingColumns(tx, organizerId, input, current.visuals);
    const event = await claimVersion(tx, organizerId, ticketingId, input.version, columns, (now) =>
      changedFields(now, input, columns.visuals),
    );
    await replacePerformers(tx, ticketingId, performerIds);
    await alignVat(tx, ticketingId, event);
  });
}

/** A copy as a draft, « (copie) », with its performers and its products, none of them sold. */
export async function duplicateTicketing(db: Database, organizerId: number, ticketingId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(ticketings)
      .where(and(eq(ticketings.id, ticketingId), eq(ticketings.organizerId, organizerId)))
      .limit(1);
    if (!source) throw ticketingNotFound();
    const {
      id: _id,
      searchVector: _search,
      createdAt: _created,
      updatedAt: _updated,
      publishedAt: _published,
      version: _version,
      ...copied
    } = source;
    const title = `${source.title} (copie)`;
    const [copy] = await tx
      .insert(ticketings)
      .values({ ...copied, title, slug: slugify(title), status: 'DRAFT' })
      .returning({ id: ticketings.id });
    if (!copy) throw new Error('ticketing insert returned no row');
    await tx.execute(sql`INSERT INTO ${ticketingPerformers} (ticketing_id, performer_id, position)
      SELECT ${copy.id}, performer_id, position FROM ${ticketingPerformers} WHERE ticketing_id = ${ticketingId}`);
    await tx.execute(sql`INSERT INTO ${products} (product_type, ticketing_id, title, description, price, discount_type,
        discount, quota, stock, sold, reserved, position, vat_rate, sales_start_at, sales_end_at)
      SELECT product_type, ${copy.id}, title, description, price, discount_type, discount, quota, stock, 0, 0, position,
        vat_rate, sales_start_at, sales_end_at
      FROM ${products} WHERE ticketing_id = ${ticketingId}`);
    return copy.id;
  });
}

/** Publishes, pauses, resumes or cancels: only the changes STATUS_CHANGES allows; publishing needs a ticket. */
export async function setTicketingStatus(
  db: Database,
  organizerId: number,
  ticketingId: number,
  { status, version }: { status: TicketingStatus; version: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findProTicketing(tx, organizerId, ticketingId);
    if (!current) throw ticketingNotFound();
    // Asked of this door, a cancellation would refund nobody: it is pointed to the one that does.
    if (status === 'CANCELLED' && AFTER_SALE_STATUSES.includes(current.status)) {
      throw new HttpError(409, 'STATUS_CHANGE_REFUSED', REFUND_MESSAGES.cancelThroughCancellation);
    }
    if (current.version === version && !STATUS_CHANGES[current.status].includes(status)) {
      throw new HttpError(409, 'STATUS_CHANGE_REFUSED', STATUS_CHANGE_MESSAGES[status]);
    }
    if (status === 'PUBLISHED' && current.products.length === 0) {
      throw new HttpError(409, 'STATUS_CHANGE_REFUSED', PUBLISH_WITHOUT_PRODUCT_MESSAGE);
    }
    await claimVersion(tx, organizerId, ticketingId, version, {
      status,
      // The first publication's date stays: a pause and its resumption publish nothing anew.
      ...(status === 'PUBLISHED' ? { publishedAt: sql`coalesce(${ticketings.publishedAt}, now())` } : {}),
    });
  });
}

// ——— Products ———

/** The columns of a product form, its sale window checked (the table's CHECK never answers a 500). */
function productColumns(input: ProductInput) {
  const salesStartAt = parisDateTime(input.salesStartAt);
  const salesEndAt = parisDateTime(input.salesEndAt);
  if (salesStartAt && salesEndAt && salesEndAt <= salesStartAt) {
    throw invalidField('body', ['salesEndAt'], SALES_WINDOW_MESSAGE);
  }
  return {
    title: input.title,
    description: input.description ?? null,
    price: input.price,
    discountType: input.discountType ?? null,
    discount: input.discount,
    stock: input.stock,
    quota: input.quota,
    salesStartAt,
    salesEndAt,
  };
}

export async function createProduct(db: Database, organizerId: number, ticketingId: number, input: ProductInput) {
  const columns = productColumns(input);
  await db.transaction(async (tx) => {
    const event = await claimVersion(tx, organizerId, ticketingId, input.version);
    await tx.insert(products).values({
      ...columns,
      productType: 'TICKET',
      ticketingId,
      vatRate: admissionVatRate(event.country, event.category),
      // Last of the list.
      position: sql`(SELECT coalesce(max(position) + 1, 0) FROM ${products} WHERE ticketing_id = ${ticketingId})`,
    });
  });
}

/**
 * Saves a product. Its stock never goes below what is sold and held: guarded by the UPDATE itself (`sold +
 * reserved <= $stock`), so a sale landing between the form's read and this write is never oversold.
 */
export async function updateProduct(
  db: Database,
  organizerId: number,
  ticketingId: number,
  productId: number,
  input: ProductInput,
) {
  const columns = productColumns(input);
  await db.transaction(async (tx) => {
    await claimVersion(tx, organizerId, ticketingId, input.version);
    const written = await updateProductAboveTaken(tx, productId, eq(products.ticketingId, ticketingId), columns);
    if (written.saved) return;
    if (written.taken === null) throw productNotFound();
    throw invalidField('body', ['stock'], formatMessage(STOCK_BELOW_SOLD_MESSAGE, written.taken));
  });
}

/** Deletes a product nobody bought nor holds (no order line, no hold, ever); one with sales is a 409. */
export async function deleteProduct(
  db: Database,
  organizerId: number,
  ticketingId: number,
  productId: number,
  version: number,
) {
  await db.transaction(async (tx) => {
    await claimVersion(tx, organizerId, ticketingId, version);
    const deleted = await deleteNeverSoldProduct(tx, productId, eq(products.ticketingId, ticketingId));
    if (deleted) return;
    const [exists] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.ticketingId, ticketingId)));
    if (!exists) throw productNotFound();
    throw new HttpError(409, 'PRODUCT_SOLD', PRODUCT_SOLD_MESSAGE);
  });
}

/** Puts the ticketing's products in the order given: every one of them, each once. */
export async function reorderProducts(
  db: Database,
  organizerId: number,
  ticketingId: number,
  { version, productIds }: { version: number; productIds: readonly number[] },
) {
  await db.transaction(async (tx) => {
    await claimVersion(tx, organizerId, ticketingId, version);
    const rows = await tx.select({ id: products.id }).from(products).where(eq(products.ticketingId, ticketingId));
    const known = new Set(rows.map((row) => row.id));
    if (new Set(productIds).size !== productIds.length || productIds.length !== known.size) {
      throw invalidField(
        'body',
        ['productIds'],
        'Donnez chaque tarif de la billetterie une fois, dans le nouvel ordre.',
      );
    }
    const unknown = productIds.findIndex((id) => !known.has(id));
    if (unknown !== -1) throw invalidField('body', ['productIds', unknown], 'Tarif introuvable.');
    for (const [position, id] of productIds.entries()) {
      await tx.update(products).set({ position }).where(eq(products.id, id));
    }
  });
}
