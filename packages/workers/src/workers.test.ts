/**
 * API_WORKERS and WEB_WORKERS (runWorkers): a real process running a tiny server through runWorkers, which answers its
 * own pid. One worker runs in the process itself; several share the port, one that dies is replaced while
 * the others keep answering, a start that keeps failing is retried with a growing delay (not in a tight
 * loop), and SIGTERM stops them all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { workerCount } from './index.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/workers-server.mjs', import.meta.url));
const children: ChildProcess[] = [];

/** A port nobody listens on now, chosen by the system. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Started = { child: ChildProcess; port: number; output: () => string };

async function startFixture(environment: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [FIXTURE], {
    env: { ...process.env, PORT: String(port), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, port, output: () => output };
}

/** The pid that answered, or null when nothing answered within a second. */
function answeringPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 1_000 }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(Number(body)));
      response.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** Asks until `done` holds for the pids seen so far (each ask a new connection), or fails after `timeoutMs`. */
async function pidsUntil(port: number, done: (pids: Set<number>) => boolean, timeoutMs = 20_000) {
  const pids = new Set<number>();
  const deadline = Date.now() + timeoutMs;
  while (!done(pids)) {
    if (Date.now() > deadline) throw new Error(`pids vus : ${[...pids].join(', ')}`);
    const pid = await answeringPid(port);
    if (pid) pids.add(pid);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exitOf(child);
    }
  }
});

describe('WEB_WORKERS', () => {
  it('reads the count: 1 by default, refused unless a whole number from 1 to 64', () => {
    expect(workerCount(undefined, 'WEB_WORKERS')).toBe(1);
    expect(workerCount('', 'WEB_WORKERS')).toBe(1);
    expect(workerCount('4', 'WEB_WORKERS')).toBe(4);
    for (const wrong of ['0', '-1', '2.5', 'deux', '65'])
      expect(() => workerCount(wrong, 'WEB_WORKERS'), wrong).toThrow(/WEB_WORKERS/);
  });

  it('with 1, runs the server in the process itself', async () => {
    const { child, port } = await startFixture({ COUNT: '1' });
    const pids = await pidsUntil(port, (seen) => seen.size > 0);
    expect([...pids]).toEqual([child.pid]);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('with 3, shares the port, replaces a worker that dies while the others answer, and stops them all', async () => {
    const { child, port } = await startFixture({ COUNT: '3', STEADY_AFTER_MS: '0' });
    const first = await pidsUntil(port, (seen) => seen.size === 3);
    expect(first.has(child.pid ?? -1)).toBe(false);

    const [dead] = [...first];
    process.kill(dead as number, 'SIGKILL');
    // Every request is still answered, and a new process takes the dead one's place.
    const after = await pidsUntil(port, (seen) => [...seen].some((pid) => !first.has(pid)));
    expect(after.has(dead as number)).toBe(false);
    const replacement = [...after].find((pid) => !first.has(pid)) as number;
    for (let ask = 0; ask < 10; ask++) expect(await answeringPid(port)).not.toBeNull();

    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    for (const pid of [...first, replacement].filter((pid) => pid !== dead))
      expect(alive(pid), String(pid)).toBe(false);
  });

  it('does not fork in a tight loop when every start fails', async () => {
    const { child, output } = await startFixture({ COUNT: '2', CRASH: '1' });
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    // Each failed start says « remplacé » as it ends. Delays of 1 s then 2 s: starts at 0, ≥ 1 and ≥ 3 s at the
    // earliest, so at most three failed starts of each worker in 3.5 s however fast the machine (a tight loop
    // makes hundreds); a slow machine shows fewer.
    const replaced = output().match(/remplacé/g)?.length ?? 0;
    expect(replaced).toBeGreaterThan(0);
    expect(replaced).toBeLessThanOrEqual(6);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });
});
