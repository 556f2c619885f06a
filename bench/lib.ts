/** What every bench case shares: a scalar query, timing with warm-up, percentiles and plans. */
import { readFileSync, writeFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../apps/api/src/db/client.js';

export async function scalar(db: Database, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ value: string | number }>(db, query);
  return Number(row?.value ?? 0);
}

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Untimed calls before the timed ones: connections opened, plans and pages cached. */
export const WARM_UP = 20;

/** `runs` timed calls after `warmUp` untimed ones, each told its number. */
export async function time(runs: number, work: (run: number) => Promise<unknown>, warmUp = WARM_UP): Promise<number[]> {
  // Warm-up calls get the numbers after the measured ones, so they never ask for the same thing.
  for (let run = 0; run < warmUp; run++) await work(runs + run);
  const timings: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work(run);
    timings.push(performance.now() - started);
  }
  return timings;
}

export async function explain(db: Database, query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await rowsOf<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Writes `section` (its own start and end markers included) into the report, in place of its last run. */
export function writeReportSection(report: string, section: string, start: string, end: string): void {
  const current = readFileSync(report, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(report, next);
}
