/** Page views of ticketings, counted per ticketing, source and Paris day (see docs/decisions/0008-view-counting.md). */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PRO_PREVIEW_SOURCE } from '@guichet/contracts';
import { parisDate } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { pageViews, ticketings } from '../../db/schema.js';

/**
 * Compares the token a caller sent with the expected one in constant time: both are hashed first, so
 * the buffers always have the same length and neither the content nor the length leaks through timing.
 */
export function isPublicToken(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * Adds one view of a ticketing's page, for today in Paris and this source, in one atomic statement:
 * concurrent views of the same page all count. Returns false when no such (non-draft) ticketing exists. The pro
 * site's own preview (PRO_PREVIEW_SOURCE) is no visit: nothing is added.
 */
export async function countTicketingView(db: Database, ticketingId: number, source: string, now: Date) {
  if (source.toUpperCase() === PRO_PREVIEW_SOURCE) {
    const shown = await rowsOf(
      db,
      sql`SELECT 1 FROM ${ticketings} t WHERE t.id = ${ticketingId} AND t.status <> 'DRAFT'`,
    );
    return shown.length > 0;
  }
  const rows = await rowsOf<{ views: number }>(
    db,
    sql`INSERT INTO ${pageViews} (ticketing_id, source, day, views)
      SELECT t.id, ${source.toUpperCase()}, ${parisDate(now)}, 1 FROM ${ticketings} t
      WHERE t.id = ${ticketingId} AND t.status <> 'DRAFT'
      ON CONFLICT (ticketing_id, source, day) DO UPDATE SET views = ${pageViews}.views + 1
      RETURNING views`,
  );
  return rows.length > 0;
}
