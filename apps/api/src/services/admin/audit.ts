/**
 * The back office's audit log (issue 27): every change an editor makes is written with who, what and when, in
 * the transaction of the change itself — a change never lands without its row, and a failed change leaves none.
 */
import type { AuditEntry } from '@guichet/contracts';
import type { AuditAction, AuditEntity } from '@guichet/domain';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who acts: the administrator of the request. */
export type Editor = { id: number };

/** A text kept whole in the log up to this length; longer ones (rich text, descriptions) are cut. */
const KEPT_TEXT = 200;

function shortened(value: unknown): unknown {
  if (typeof value === 'string') return value.length > KEPT_TEXT ? `${value.slice(0, KEPT_TEXT)}…` : value;
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > KEPT_TEXT ? `${json.slice(0, KEPT_TEXT)}…` : value;
  }
  return value;
}

/**
 * The fields of `after` that differ from `before` (compared as JSON), each with both values, shortened. A
 * creation passes `before` = {}: every field is new.
 */
export function changesBetween(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field];
    if (JSON.stringify(old ?? null) === JSON.stringify(value ?? null)) continue;
    changes[field] = { before: shortened(old ?? null), after: shortened(value) };
  }
  return changes;
}

export type AuditRecord = {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number;
  /** What the row is called now (a deal's title, a redirect's source). */
  label: string;
  changes?: Record<string, { before: unknown; after: unknown }>;
};

/** Writes one row of the log, inside the change's own transaction `tx`. */
export async function recordAudit(tx: Executor, editor: Editor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    userId: editor.id,
    // The address at the time, read in the same statement: the log stays readable if the account goes.
    userEmail: sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${editor.id})`,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    label: record.label.slice(0, KEPT_TEXT),
    changes: record.changes ?? {},
  });
}

export type AuditFilter = { entity?: AuditEntity; entityId?: number; q?: string; page: number; pageSize: number };

/** The log, newest first, one page; filtered by what it is about and by a text in the label or the address. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const either = or(ilike(auditLog.label, pattern), ilike(auditLog.userEmail, pattern));
    if (either) conditions.push(either);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      userEmail: row.userEmail,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      label: row.label,
      changes: row.changes,
    })),
    total: total?.total ?? 0,
  };
}
