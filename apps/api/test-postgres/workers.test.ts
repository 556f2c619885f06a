/**
 * On a PostgreSQL server only: API_WORKERS=2 starts a primary that forks two API processes sharing the port;
 * a worker that dies is replaced, and stopping the primary stops them all.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { type ApiProcess, startApiProcess, stopApiProcess, URL_OF_SERVER } from './api-process.js';

const SCHEMA = `test_${randomBytes(6).toString('hex')}`;

let primary: ApiProcess;
let database: DatabaseHandle;

/** The Node processes the primary forked (tsx's esbuild service is a child too, not a worker). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, command]) => command === 'node')
      .map(([worker]) => Number(worker));
  } catch {
    // ps answers 1 when there are none.
    return [];
  }
}

beforeAll(async () => {
  primary = await startApiProcess({
    schema: SCHEMA,
    jwtSecret: randomBytes(32).toString('base64url'),
    env: { API_WORKERS: '2' },
  });
  database = await openDatabase({ url: URL_OF_SERVER, schemaName: SCHEMA });
}, 120_000);

afterAll(async () => {
  if (primary) await stopApiProcess(primary);
  await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`));
  await database?.close();
}, 60_000);

describe('API_WORKERS', () => {
  it('serves from two processes, replaces one that dies, and stops them all with the primary', {
    timeout: 180_000,
  }, async () => {
    const pid = primary.child.pid ?? 0;
    const health = () =>
      fetch(`${primary.base}/health`).then(
        (answer) => answer.status,
        () => 0,
      );
    await expect.poll(() => workersOf(pid).length, { timeout: 60_000 }).toBe(2);
    const first = workersOf(pid);
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${primary.base}/health`)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    // One worker killed: the other still answers (a connection the dead one held fails once, as any client
    // of a crashed process sees), and the primary forks a new one.
    process.kill(first[0] ?? 0, 'SIGKILL');
    await expect.poll(health, { timeout: 10_000 }).toBe(200);
    await expect
      .poll(
        () => {
          const now = workersOf(pid);
          return now.length === 2 && !now.includes(first[0] ?? 0);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await expect.poll(health, { timeout: 30_000 }).toBe(200);

    const workers = workersOf(pid);
    await stopApiProcess(primary);
    const alive = (worker: number) => {
      try {
        process.kill(worker, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => workers.filter(alive), { timeout: 30_000 }).toEqual([]);
  });
});
