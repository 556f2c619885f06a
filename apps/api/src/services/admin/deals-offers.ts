/**
 * The back office's offers (« bons plans ») and their products (issue 27). An offer is created as a DRAFT;
 * only a PUBLISHED one is searched, shown and sold (services/offers/cards.ts `onSaleAt`). Every write names
 * the stamp (`updatedAt`) its form read and claims the row with it in one UPDATE: a stale stamp is a 409 and
 * overwrites nothing. Every write records its audit row in its own transaction.
 */
import type {
  AdminOffer,
  AdminOfferProduct,
  AdminOfferSummary,
  OfferInput,
  OfferProductInput,
  OfferUpdateInput,
  Visual,
} from '@guichet/contracts';
import {
  type AuditAction,
  DEAL_MESSAGES,
  formatMessage,
  type OfferStatus,
  type OfferStatusAction,
  offerPath,
  parisInstant,
  slugify,
  type VatRate,
} from '@guichet/domain';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { offers, partners, products } from '../../db/schema.js';
import { HttpError, invalidField } from '../../lib/http-error.js';
import { databaseRefusal } from '../../lib/transient.js';
import { containsText } from '../catalogue/summary.js';
import { deleteNeverSoldProduct, updateProductAboveTaken } from '../product-writes.js';
import { changesBetween, type Editor, recordAudit } from './audit.js';
import type { Queryable, Transaction } from './deals-partners.js';

const offerNotFound = () => new HttpError(404, 'NOT_FOUND', DEAL_MESSAGES.offerNotFound);
const productNotFound = () => new HttpError(404, 'NOT_FOUND', DEAL_MESSAGES.productNotFound);

/** At most this many visuals per offer. */
export const MAX_OFFER_VISUALS = 10;

/** The offer's stamp, to the microsecond (a JavaScript Date keeps milliseconds only): what forms send back. */
const stampSql = sql<string>`to_char(coalesce(${offers.updatedAt}, ${offers.createdAt}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const parisDay = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD')`;

async function productsOf(db: Queryable, offerId: number): Promise<AdminOfferProduct[]> {
  return db
    .select({
      id: products.id,
      title: products.title,
      price: products.price,
      discountType: products.discountType,
      discount: products.discount,
      stock: products.stock,
      sold: products.sold,
      reserved: products.reserved,
      quota: products.quota,
      vatRate: products.vatRate,
      position: products.position,
    })
    .from(products)
    .where(and(eq(products.offerId, offerId), eq(products.productType, 'OFFER')))
    .orderBy(asc(products.position), asc(products.id));
}

export async function findAdminOffer(db: Queryable, id: number): Promise<AdminOffer | null> {
  const [row] = await db
    .select({
      id: offers.id,
      slug: offers.slug,
      title: offers.title,
      summary: offers.summary,
      description: offers.description,
      terms: offers.terms,
      category: offers.category,
      city: offers.city,
      citySlug: offers.citySlug,
      partnerId: offers.partnerId,
      partner: offers.partner,
      status: offers.status,
      validFrom: parisDay(offers.validFrom),
      validUntil: parisDay(offers.validUntil),
      validUntilAt: offers.validUntil,
      featured: offers.featured,
      visuals: offers.visuals,
      updatedAt: stampSql,
    })
    .from(offers)
    .where(eq(offers.id, id));
  if (!row) return null;
  return {
    ...row,
    validUntilAt: row.validUntilAt.toISOString(),
    publicPath: offerPath({ slug: row.slug, offerID: row.id }),
    products: await productsOf(db, id),
  };
}

export async function requireAdminOffer(db: Queryable, id: number): Promise<AdminOffer> {
  const offer = await findAdminOffer(db, id);
  if (!offer) throw offerNotFound();
  return offer;
}

export async function listAdminOffers(
  db: Database,
  filter: { q?: string; status?: OfferStatus; page: number; pageSize: number },
): Promise<{ items: AdminOfferSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(offers.status, filter.status));
  if (filter.q) {
    const either = or(
      containsText(offers.title, filter.q),
      containsText(offers.partner, filter.q),
      containsText(offers.city, filter.q),
    );
    if (either) conditions.push(either);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: offers.id,
        title: offers.title,
        partner: offers.partner,
        category: offers.category,
        city: offers.city,
        status: offers.status,
        validUntil: parisDay(offers.validUntil),
        productCount: sql<number>`(SELECT count(*) FROM ${products} p WHERE p.offer_id = ${offers.id})`.mapWith(Number),
      })
      .from(offers)
      .where(where)
      .orderBy(desc(offers.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(offers).where(where),
  ]);
  return { items: rows, total: total?.total ?? 0 };
}

/** The columns an offer's form writes: its partner's name and address copied, its days as Paris instants. */
async function offerColumns(tx: Transaction, input: OfferInput) {
  const [partner] = await tx
    .select({ name: partners.name, address: partners.address, organizerId: partners.organizerId })
    .from(partners)
    .where(eq(partners.id, input.partnerId));
  if (!partner) throw invalidField('body', ['partnerId'], DEAL_MESSAGES.partnerNotFound);
  return {
    title: input.title,
    summary: input.summary,
    description: input.description,
    terms: input.terms,
    category: input.category,
    city: input.city,
    citySlug: slugify(input.city) || 'ville',
    partnerId: input.partnerId,
    partner: partner.name,
    partnerAddress: partner.address,
    organizerId: partner.organizerId,
    validFrom: parisInstant(input.validFrom, '00:00'),
    validUntil: new Date(parisInstant(input.validUntil, '23:59').getTime() + 59_000),
    featured: input.featured,
  };
}

/** What the audit log keeps of an offer's columns (dates as instants, rich text shortened by the log). */
const auditable = (columns: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(columns).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

export async function createOffer(db: Database, editor: Editor, input: OfferInput): Promise<number> {
  return db.transaction(async (tx) => {
    const columns = await offerColumns(tx, input);
    const [row] = await tx
      .insert(offers)
      .values({ ...columns, slug: slugify(input.title) || 'bon-plan', status: 'DRAFT' })
      .returning({ id: offers.id });
    if (!row) throw new Error('offer not written');
    await recordAudit(tx, editor, {
      action: 'CREATE',
      entity: 'OFFER',
      entityId: row.id,
      label: input.title,
      changes: changesBetween({}, auditable(columns)),
    });
    return row.id;
  });
}

/**
 * Claims the offer for a write: moves its stamp on if it is still `stamp`, and answers the row as it was.
 * Another stamp is a 409 EDIT_CONFLICT (the form read an older offer); no row, a 404.
 */
async function claimOffer(tx: Transaction, offerId: number, stamp: string) {
  const [before] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!before) throw offerNotFound();
  const [claimed] = await tx
    .update(offers)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(offers.id, offerId), sql`${stampSql} = ${stamp}`))
    .returning({ id: offers.id });
  if (!claimed) throw new HttpError(409, 'EDIT_CONFLICT', DEAL_MESSAGES.editConflict);
  return before;
}

export async function updateOffer(
  db: Database,
  editor: Editor,
  offerId: number,
  input: OfferUpdateInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await claimOffer(tx, offerId, input.updatedAt);
    const columns = await offerColumns(tx, input);
    let visuals: Visual[] | undefined;
    if (input.visuals) {
      visuals = input.visuals.map((sent, index) => {
        const kept = before.visuals.find((visual) => visual.url === sent.url);
        if (!kept) throw invalidField('body', ['visuals', index], 'Cette image n’est pas parmi celles du bon plan.');
        return { ...kept, alt: sent.alt };
      });
    }
    const after = { ...columns, ...(visuals ? { visuals } : {}) };
    await tx.update(offers).set(after).where(eq(offers.id, offerId));
    await recordAudit(tx, editor, {
      action: 'UPDATE',
      entity: 'OFFER',
      entityId: offerId,
      label: input.title,
      changes: changesBetween(auditable(before), auditable(after)),
    });
  });
}

/** Adds an uploaded visual (checked by its content by services/uploads) last among the offer's. */
export async function addOfferVisual(db: Database, editor: Editor, offerId: number, visual: Visual): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
    if (!before) throw offerNotFound();
    if (before.visuals.length >= MAX_OFFER_VISUALS) {
      throw invalidField('body', ['file'], formatMessage('Un bon plan a au plus {n} visuels.', MAX_OFFER_VISUALS));
    }
    const visuals = [...before.visuals.filter((kept) => kept.url !== visual.url), visual];
    await tx.update(offers).set({ visuals }).where(eq(offers.id, offerId));
    await recordAudit(tx, editor, {
      action: 'UPDATE',
      entity: 'OFFER',
      entityId: offerId,
      label: before.title,
      changes: { visuals: { before: before.visuals.length, after: visuals.length } },
    });
  });
}

/** Which status each action may leave from, and the audit verb it writes. ENDED is for good. */
const STATUS_MOVES: Record<OfferStatusAction, { from: readonly OfferStatus[]; action: AuditAction }> = {
  PUBLISHED: { from: ['DRAFT', 'PAUSED'], action: 'PUBLISH' },
  PAUSED: { from: ['PUBLISHED'], action: 'PAUSE' },
  ENDED: { from: ['DRAFT', 'PUBLISHED', 'PAUSED'], action: 'END' },
};

/**
 * Publishes, pauses or ends an offer. Publishing needs a product; ending early brings the validity's end to
 * now when it is later (and its start too when it had not begun: the validity stays in order).
 */
export async function setOfferStatus(
  db: Database,
  editor: Editor,
  offerId: number,
  { status, updatedAt }: { status: OfferStatusAction; updatedAt: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await claimOffer(tx, offerId, updatedAt);
    const move = STATUS_MOVES[status];
    if (!move.from.includes(before.status)) {
      throw new HttpError(409, 'STATUS_CHANGE_REFUSED', DEAL_MESSAGES.statusChange[status]);
    }
    if (status === 'PUBLISHED') {
      const [products_] = await tx.select({ n: count() }).from(products).where(eq(products.offerId, offerId));
      if ((products_?.n ?? 0) === 0)
        throw new HttpError(409, 'STATUS_CHANGE_REFUSED', DEAL_MESSAGES.publishWithoutProduct);
    }
    const [after] = await tx
      .update(offers)
      .set(
        status === 'ENDED'
          ? {
              status,
              validUntil: sql`least(${offers.validUntil}, now())`,
              validFrom: sql`least(${offers.validFrom}, now())`,
            }
          : { status },
      )
      .where(eq(offers.id, offerId))
      .returning({ validUntil: offers.validUntil });
    await recordAudit(tx, editor, {
      action: move.action,
      entity: 'OFFER',
      entityId: offerId,
      label: before.title,
      changes: changesBetween(
        { status: before.status, validUntil: before.validUntil.toISOString() },
        { status, validUntil: after?.validUntil.toISOString() },
      ),
    });
  });
}

/** A product write refused by a CHECK of the table (the discount's range, the quota…): a 400, never a 500. */
function productRefusal(error: unknown): never {
  const refusal = databaseRefusal(error);
  if (refusal?.code === '23514') {
    if (refusal.constraint === 'product_stock_check') {
      throw invalidField('body', ['stock'], formatMessage(DEAL_MESSAGES.stockBelowSold, 0));
    }
    throw invalidField(
      'body',
      [refusal.constraint === 'product_quota_check' ? 'quota' : 'discount'],
      DEAL_MESSAGES.discountRange,
    );
  }
  throw error;
}

const productColumns = (input: OfferProductInput) => ({
  title: input.title,
  price: input.price,
  discountType: input.discountType,
  discount: input.discount,
  stock: input.stock,
  quota: input.quota,
  vatRate: input.vatRate as VatRate,
});

async function withProductRefusals<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    productRefusal(error);
  }
}

export async function createOfferProduct(
  db: Database,
  editor: Editor,
  offerId: number,
  input: OfferProductInput,
): Promise<void> {
  const columns = productColumns(input);
  await withProductRefusals(() =>
    db.transaction(async (tx) => {
      const before = await claimOffer(tx, offerId, input.updatedAt);
      const [row] = await tx
        .insert(products)
        .values({
          ...columns,
          productType: 'OFFER',
          offerId,
          position: sql`(SELECT coalesce(max(position) + 1, 0) FROM ${products} WHERE offer_id = ${offerId})`,
        })
        .returning({ id: products.id });
      if (!row) throw new Error('product not written');
      await recordAudit(tx, editor, {
        action: 'CREATE',
        entity: 'PRODUCT',
        entityId: row.id,
        label: `${before.title} — ${input.title}`,
        changes: changesBetween({}, columns),
      });
    }),
  );
}

/**
 * Saves a product. Its stock never goes below what is sold and held: guarded by the UPDATE itself (`sold +
 * reserved <= $stock`), so a sale landing between the form's read and this write is never oversold.
 */
export async function updateOfferProduct(
  db: Database,
  editor: Editor,
  offerId: number,
  productId: number,
  input: OfferProductInput,
): Promise<void> {
  const columns = productColumns(input);
  await withProductRefusals(() =>
    db.transaction(async (tx) => {
      // An unknown product is a 404 whatever the stamp: the id names no row.
      const [before] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, productId), eq(products.offerId, offerId)));
      if (!before) throw productNotFound();
      const offer = await claimOffer(tx, offerId, input.updatedAt);
      const written = await updateProductAboveTaken(tx, productId, eq(products.offerId, offerId), columns);
      if (!written.saved) {
        throw invalidField('body', ['stock'], formatMessage(DEAL_MESSAGES.stockBelowSold, written.taken ?? 0));
      }
      await recordAudit(tx, editor, {
        action: 'UPDATE',
        entity: 'PRODUCT',
        entityId: productId,
        label: `${offer.title} — ${input.title}`,
        changes: changesBetween(before, columns),
      });
    }),
  );
}

/** Deletes a product nobody bought nor holds (no order line, no hold, ever); one with sales is a 409. */
export async function deleteOfferProduct(
  db: Database,
  editor: Editor,
  offerId: number,
  productId: number,
  stamp: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // An unknown product is a 404 whatever the stamp: the id names no row.
    const [exists] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.offerId, offerId)));
    if (!exists) throw productNotFound();
    const offer = await claimOffer(tx, offerId, stamp);
    const deleted = await deleteNeverSoldProduct(tx, productId, eq(products.offerId, offerId));
    if (!deleted) throw new HttpError(409, 'PRODUCT_SOLD', DEAL_MESSAGES.productSold);
    await recordAudit(tx, editor, {
      action: 'DELETE',
      entity: 'PRODUCT',
      entityId: productId,
      label: `${offer.title} — ${deleted.title}`,
    });
  });
}
