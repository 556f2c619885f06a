// Small process helpers shared by `npm start`, `npm run dev` and the end-to-end set-up.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Starts a long-running child whose output lines are prefixed with its name (or kept quiet).
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & { quiet?: boolean, onLine?: (line: string) => void }} [options]
 */
export function startProcess(name, command, args, options = {}) {
  const { quiet, onLine, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!quiet) process.stdout.write(`${prefix}${line}\n`);
        onLine?.(line);
      }
    });
  }
  return child;
}

/**
 * Polls a URL until it answers 2xx, the child exits, or the time runs out.
 * @param {string} url
 * @param {{ child?: import('node:child_process').ChildProcess, timeoutMs?: number }} [options]
 */
export async function waitForUrl(url, { child, timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url} : le processus s'est arrêté (code ${child.exitCode}).`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} ne répond pas après ${Math.round(timeoutMs / 1000)} s.`);
}

/**
 * Asks a child to stop (SIGTERM) and resolves once it has exited; at once when it already has.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A TCP port nobody listens on right now, chosen by the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Stops children on Ctrl-C / SIGTERM, and stops everything when one of them dies. */
export function superviseTogether(children) {
  let stopping = false;
  const stopAll = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 200).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
  for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
  return stopAll;
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Guichet demande Node.js 20.19 ou plus récent (vous avez ${process.versions.node}).`);
    process.exit(1);
  }
}
