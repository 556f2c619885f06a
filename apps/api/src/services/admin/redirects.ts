/**
 * The back office's redirects (issue 27): the table the public site looks every path up in. Every write runs
 * with the table locked against other writers (SHARE ROW EXCLUSIVE: readers go on, writers take turns), so the
 * checks and the write see one table — two administrators saving A → B and B → A at the same moment cannot
 * make a loop. Refused: a source that already has a redirect, a target that is itself redirected (a chain: the
 * visitor would be sent twice), a source some redirect leads to (the same chain from the other end); a loop is
 * a chain that comes back, so it is refused by the same two checks. Each write records its audit row in its
 * own transaction.
 */
import type { AdminRedirect, RedirectBody, RedirectTrial } from '@guichet/contracts';
import { redirectTargetPath } from '@guichet/domain';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { redirects } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { changesBetween, type Editor, recordAudit } from './audit.js';

type Row = typeof redirects.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const redirectNotFound = () => notFound('Redirection introuvable.');

const answerOf = (row: Row): AdminRedirect => ({
  id: row.id,
  source: row.source,
  target: row.target,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
});

const auditedOf = (row: Pick<Row, 'source' | 'target' | 'kind'>) => ({
  source: row.source,
  target: row.target,
  kind: row.kind,
});

export type RedirectFilter = { q?: string; page: number; pageSize: number };

/** One page of the table, by source; `q` is looked for in the source and the target. */
export async function listAdminRedirects(db: Database, filter: RedirectFilter) {
  let where: SQL | undefined;
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = or(ilike(redirects.source, pattern), ilike(redirects.target, pattern));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redirects)
      .where(where)
      .orderBy(asc(redirects.source))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(redirects).where(where),
  ]);
  return { redirects: rows.map(answerOf), total: total?.total ?? 0 };
}

export async function getAdminRedirect(db: Database, id: number): Promise<AdminRedirect> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id)).limit(1);
  if (!row) throw redirectNotFound();
  return answerOf(row);
}

export const REDIRECT_REFUSALS = {
  sourceTaken: (source: string) =>
    `Le chemin ${source} est déjà redirigé : modifiez sa redirection plutôt que d’en ajouter une autre.`,
  targetRedirected: (target: string, next: string) =>
    `La destination ${target} est elle-même redirigée vers ${next} : indiquez directement la destination finale.`,
  sourceIsTarget: (source: string, from: string) =>
    `La redirection de ${from} mène déjà à ${source} : ce chemin ne peut pas être redirigé à son tour (modifiez d’abord celle de ${from}).`,
} as const;

/** Locks the table against other writers until the transaction ends (reads go on). */
async function lockTable(tx: Transaction) {
  await tx.execute(sql`LOCK TABLE ${redirects} IN SHARE ROW EXCLUSIVE MODE`);
}

/** The checks of a redirect about to be saved (`id`: the one edited, left out of the comparison). */
async function refuseChains(tx: Transaction, body: RedirectBody, id?: number) {
  const others = id === undefined ? undefined : ne(redirects.id, id);
  const [taken] = await tx
    .select({ id: redirects.id })
    .from(redirects)
    .where(and(eq(redirects.source, body.source), others))
    .limit(1);
  if (taken) throw new HttpError(409, 'REDIRECT_SOURCE_TAKEN', REDIRECT_REFUSALS.sourceTaken(body.source));
  const targetPath = redirectTargetPath(body.target);
  if (targetPath !== null) {
    const [next] = await tx
      .select()
      .from(redirects)
      .where(and(eq(redirects.source, targetPath), others))
      .limit(1);
    if (next) throw new HttpError(409, 'REDIRECT_CHAIN', REDIRECT_REFUSALS.targetRedirected(targetPath, next.target));
  }
  // Any redirect whose target lands on this source (its query left aside): read whole, the table is small.
  const leading = await tx
    .select()
    .from(redirects)
    .where(and(ilike(redirects.target, `${body.source.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), others));
  const from = leading.find((row) => redirectTargetPath(row.target) === body.source);
  if (from) throw new HttpError(409, 'REDIRECT_CHAIN', REDIRECT_REFUSALS.sourceIsTarget(body.source, from.source));
}

export async function createAdminRedirect(db: Database, editor: Editor, body: RedirectBody): Promise<AdminRedirect> {
  return db.transaction(async (tx) => {
    await lockTable(tx);
    await refuseChains(tx, body);
    const [row] = await tx.insert(redirects).values(body).returning();
    if (!row) throw new Error('redirect insert returned no row');
    await recordAudit(tx, editor, {
      action: 'CREATE',
      entity: 'REDIRECT',
      entityId: row.id,
      label: row.source,
      changes: changesBetween({}, auditedOf(row)),
    });
    return answerOf(row);
  });
}

export async function updateAdminRedirect(
  db: Database,
  editor: Editor,
  id: number,
  body: RedirectBody,
): Promise<AdminRedirect> {
  return db.transaction(async (tx) => {
    await lockTable(tx);
    const [before] = await tx.select().from(redirects).where(eq(redirects.id, id)).limit(1);
    if (!before) throw redirectNotFound();
    await refuseChains(tx, body, id);
    const [row] = await tx
      .update(redirects)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(redirects.id, id))
      .returning();
    if (!row) throw redirectNotFound();
    await recordAudit(tx, editor, {
      action: 'UPDATE',
      entity: 'REDIRECT',
      entityId: row.id,
      label: row.source,
      changes: changesBetween(auditedOf(before), auditedOf(row)),
    });
    return answerOf(row);
  });
}

export async function deleteAdminRedirect(db: Database, editor: Editor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx);
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!row) throw redirectNotFound();
    await recordAudit(tx, editor, {
      action: 'DELETE',
      entity: 'REDIRECT',
      entityId: row.id,
      label: row.source,
      changes: changesBetween(auditedOf(row), { source: null, target: null, kind: null }),
    });
  });
}

/** Steps followed at most by a trial: the table refuses chains, so more than one only shows an old table. */
const MAX_TRIAL_STEPS = 10;

/**
 * What the public site would do for `path`: the redirect found for it, then — as a check of the table, since
 * chains are refused — each further redirect its target would hit, until a page, an address outside or a
 * path already passed (a loop).
 */
export async function tryRedirectPath(db: Database, path: string): Promise<RedirectTrial> {
  const steps: RedirectTrial['steps'] = [];
  const seen = new Set<string>();
  let current = redirectTargetPath(path);
  let endsAt = path;
  let loops = false;
  while (current !== null && steps.length < MAX_TRIAL_STEPS) {
    if (seen.has(current)) {
      loops = true;
      break;
    }
    seen.add(current);
    const [row] = await db.select().from(redirects).where(eq(redirects.source, current)).limit(1);
    if (!row) break;
    steps.push({ id: row.id, source: row.source, target: row.target, kind: row.kind });
    endsAt = row.target;
    current = redirectTargetPath(row.target);
  }
  return { path, steps, endsAt, loops };
}
