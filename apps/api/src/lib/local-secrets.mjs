// The secrets of a server started without them: random values created on the first start and kept in
// the data folder, readable by their owner only, so that tokens outlive a restart and no secret lives in
// the code. Plain JavaScript, so that the launchers (scripts/start.mjs, scripts/dev.mjs) share it with
// the API: both processes of `npm start` must hold the same PUBLIC_API_TOKEN. docs/decisions/0018.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Where the secrets are kept, relative to the folder a server starts in (beside `.data/pglite`). */
export const LOCAL_SECRETS_FILE = '.data/secrets.json';

/** Each secret and the shortest value the API accepts for it. */
const MINIMUM_LENGTHS = { JWT_SECRET: 32, PUBLIC_API_TOKEN: 16 };

const usable = (name, value) => typeof value === 'string' && value.length >= MINIMUM_LENGTHS[name];

function readSecrets(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return null;
    throw error;
  }
  // Copied or restored with looser permissions: readable by the owner only again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  try {
    const secrets = JSON.parse(text);
    if (Object.keys(MINIMUM_LENGTHS).every((name) => usable(name, secrets?.[name]))) return secrets;
  } catch {
    // Reported below.
  }
  throw new Error(`${file} est illisible ou incomplet : supprimez-le pour que de nouveaux secrets soient créés.`);
}

/**
 * JWT_SECRET and PUBLIC_API_TOKEN: the values given (an empty string counts as none), and for those
 * missing, the ones kept in `file` — created on first use (folder 0700, file 0600) with random values.
 * @param {string} file
 * @param {{ JWT_SECRET?: string | undefined, PUBLIC_API_TOKEN?: string | undefined }} [given]
 * @returns {{ JWT_SECRET: string, PUBLIC_API_TOKEN: string }}
 */
export function localSecrets(file, given = {}) {
  const names = Object.keys(MINIMUM_LENGTHS);
  if (names.every((name) => given[name]))
    return { JWT_SECRET: given.JWT_SECRET, PUBLIC_API_TOKEN: given.PUBLIC_API_TOKEN };
  let kept = readSecrets(file);
  if (!kept) {
    const created = Object.fromEntries(names.map((name) => [name, randomBytes(32).toString('base64url')]));
    const folder = dirname(file);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
    try {
      // 'wx': of two processes starting at once, one writes and the other reads what it wrote.
      writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      kept = created;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      kept = readSecrets(file);
    }
  }
  return {
    JWT_SECRET: given.JWT_SECRET || kept.JWT_SECRET,
    PUBLIC_API_TOKEN: given.PUBLIC_API_TOKEN || kept.PUBLIC_API_TOKEN,
  };
}
