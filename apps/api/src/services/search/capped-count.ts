/**
 * Searches count their matches up to SEARCH_COUNT_LIMIT (docs/decisions/0037): reading one more than the limit
 * tells that it was reached, and a common word costs as much in a large catalogue as in a small one.
 */
import { SEARCH_COUNT_LIMIT } from '@guichet/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Database, rowsOf } from '../../db/client.js';

/** Matches read to count: one more than the limit tells that it was passed. */
export const MATCHES_READ = SEARCH_COUNT_LIMIT + 1;

export type CappedCount = {
  /** The matches, or SEARCH_COUNT_LIMIT when there are more. */
  total: number;
  /** More than SEARCH_COUNT_LIMIT match. */
  totalCapped: boolean;
};

/** The answer's count for `found` matches read, at most MATCHES_READ. */
export const cappedCount = (found: number): CappedCount => ({
  total: Math.min(found, SEARCH_COUNT_LIMIT),
  totalCapped: found > SEARCH_COUNT_LIMIT,
});

/** The rows of `table` matching `where`, counted up to the limit in one statement. */
export async function countUpTo(db: Database, table: PgTable, where: SQL | undefined): Promise<CappedCount> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE ${where ?? sql`true`}
      LIMIT ${MATCHES_READ}) AS found`,
  );
  return cappedCount(Number(row?.n ?? 0));
}
