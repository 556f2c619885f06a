/**
 * The back office's partners of deals (issue 27). A partner's name and address are copied onto each of its
 * offers (`offer.partner`, `offer.partner_address`: the search document and the public pages read them), so
 * a change of either rewrites its offers in the same transaction; the data version moves with it (triggers).
 */
import type { AdminPartner, PartnerInput } from '@guichet/contracts';
import { DEAL_MESSAGES } from '@guichet/domain';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, partners } from '../../db/schema.js';
import { HttpError, invalidField } from '../../lib/http-error.js';
import { databaseRefusal } from '../../lib/transient.js';
import { containsText } from '../catalogue/summary.js';
import { changesBetween, type Editor, recordAudit } from './audit.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;

export const partnerNotFound = () => new HttpError(404, 'NOT_FOUND', DEAL_MESSAGES.partnerNotFound);

const partnerFields = {
  id: partners.id,
  name: partners.name,
  address: partners.address,
  city: partners.city,
  contactName: partners.contactName,
  contactEmail: partners.contactEmail,
  contactPhone: partners.contactPhone,
  organizerId: partners.organizerId,
  offerCount: sql<number>`(SELECT count(*) FROM ${offers} o WHERE o.partner_id = ${partners.id})`.mapWith(Number),
  createdAt: partners.createdAt,
  updatedAt: partners.updatedAt,
};

type PartnerRow = { createdAt: Date; updatedAt: Date | null } & Omit<AdminPartner, 'createdAt' | 'updatedAt'>;

const toPartner = (row: PartnerRow): AdminPartner => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

export async function listPartners(
  db: Database,
  filter: { q?: string; page: number; pageSize: number },
): Promise<{ items: AdminPartner[]; total: number }> {
  const where: SQL | undefined = filter.q
    ? or(containsText(partners.name, filter.q), containsText(partners.city, filter.q))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(partnerFields)
      .from(partners)
      .where(where)
      .orderBy(asc(partners.name), asc(partners.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(partners).where(where),
  ]);
  return { items: rows.map(toPartner), total: total?.total ?? 0 };
}

export async function findPartner(db: Queryable, id: number): Promise<AdminPartner | null> {
  const [row] = await db.select(partnerFields).from(partners).where(eq(partners.id, id));
  return row ? toPartner(row) : null;
}

export async function requirePartner(db: Queryable, id: number): Promise<AdminPartner> {
  const partner = await findPartner(db, id);
  if (!partner) throw partnerNotFound();
  return partner;
}

/** A write refused by the database for a reason of the form (a taken name, an organiser that does not exist). */
function partnerRefusal(error: unknown): never {
  const refusal = databaseRefusal(error);
  if (refusal?.code === '23505' && refusal.constraint === 'partner_name_idx') {
    throw invalidField('body', ['name'], DEAL_MESSAGES.partnerNameTaken);
  }
  if (refusal?.code === '23503' && refusal.constraint === 'partner_organizer_id_organizer_id_fk') {
    throw invalidField('body', ['organizerId'], DEAL_MESSAGES.organizerNotFound);
  }
  throw error;
}

const columnsOf = (input: PartnerInput) => ({
  name: input.name,
  address: input.address,
  city: input.city,
  contactName: input.contactName,
  contactEmail: input.contactEmail,
  contactPhone: input.contactPhone.replace(/[\s.-]/g, ''),
  organizerId: input.organizerId ?? null,
});

export async function createPartner(db: Database, editor: Editor, input: PartnerInput): Promise<number> {
  const columns = columnsOf(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(partners).values(columns).returning({ id: partners.id });
      if (!row) throw new Error('partner not written');
      await recordAudit(tx, editor, {
        action: 'CREATE',
        entity: 'PARTNER',
        entityId: row.id,
        label: columns.name,
        changes: changesBetween({}, columns),
      });
      return row.id;
    });
  } catch (error) {
    partnerRefusal(error);
  }
}

/** Saves a partner; its offers take its new name and address in the same transaction. */
export async function updatePartner(db: Database, editor: Editor, id: number, input: PartnerInput): Promise<void> {
  const columns = columnsOf(input);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(partners).where(eq(partners.id, id)).for('update');
      if (!before) throw partnerNotFound();
      await tx.update(partners).set(columns).where(eq(partners.id, id));
      if (before.name !== columns.name || before.address !== columns.address) {
        await tx
          .update(offers)
          .set({ partner: columns.name, partnerAddress: columns.address })
          .where(and(eq(offers.partnerId, id)));
      }
      await recordAudit(tx, editor, {
        action: 'UPDATE',
        entity: 'PARTNER',
        entityId: id,
        label: columns.name,
        changes: changesBetween(before, columns),
      });
    });
  } catch (error) {
    partnerRefusal(error);
  }
}
