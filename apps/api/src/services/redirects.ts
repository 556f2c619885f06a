import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { redirects } from '../db/schema.js';

/** Paths compare without a trailing slash, so /ancienne-page/ and /ancienne-page share one redirect. */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const answerOf = (row: typeof redirects.$inferSelect) => ({
  source: row.source,
  target: row.target,
  permanent: row.kind === 'PERMANENT',
});

/** Every redirect, by source: a table of hand-kept redirects stays small. */
export async function listAllRedirects(db: Database) {
  const rows = await db.select().from(redirects).orderBy(asc(redirects.source));
  return rows.map(answerOf);
}

export async function findRedirect(db: Database, path: string) {
  const [row] = await db
    .select()
    .from(redirects)
    .where(eq(redirects.source, normalisePath(path)))
    .limit(1);
  return row ? answerOf(row) : null;
}
