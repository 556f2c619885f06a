import { MAX_ROW_ID } from '@guichet/contracts';

/** An id from a digits-only path segment, or null when no row can have it (0, or beyond PostgreSQL's integer). */
export function rowIdOf(digits: string): number | null {
  const id = Number(digits);
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID ? id : null;
}
