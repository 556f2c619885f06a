import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnv, withLocalSecrets } from '../src/env.js';
import { localSecrets } from '../src/lib/local-secrets.mjs';
import { testSecrets } from './helpers.js';

describe('parseEnv', () => {
  it('gives working defaults for a fresh machine', () => {
    const env = parseEnv(testSecrets());
    expect(env.API_PORT).toBe(4000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toMatch(/\.data\/pglite$/);
    expect(env.SEED_DEMO).toBe(true);
  });

  it('stops a production start without its secrets, naming them', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET est obligatoire en production/);
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /PUBLIC_API_TOKEN est obligatoire en production/,
    );
  });

  it('has no secret of its own to fall back on, in any mode', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(() => parseEnv({ NODE_ENV })).toThrow(/JWT_SECRET est obligatoire/);
      expect(() => parseEnv({ NODE_ENV, JWT_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_API_TOKEN est obligatoire/);
    }
  });

  it('accepts a production start with its secrets', () => {
    const env = parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_API_TOKEN: 'y'.repeat(20) });
    expect(env.JWT_SECRET).toBe('x'.repeat(40));
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => parseEnv({ ...testSecrets(), DATABASE_URL: 'mysql://localhost/test' })).toThrow(
      /DATABASE_URL doit commencer par postgres/,
    );
  });

  it('runs several API processes only on a PostgreSQL server', () => {
    expect(() => parseEnv({ ...testSecrets(), API_WORKERS: '2' })).toThrow(
      /API_WORKERS au-delà de 1 demande un serveur PostgreSQL/,
    );
    const env = parseEnv({ ...testSecrets(), API_WORKERS: '2', DATABASE_URL: 'postgres://localhost/guichet' });
    expect(env.API_WORKERS).toBe(2);
    expect(parseEnv(testSecrets()).API_WORKERS).toBe(1);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ ...testSecrets(), DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(() => parseEnv({ ...testSecrets(), JWT_SECRET: '' })).toThrow(/JWT_SECRET est obligatoire/);
  });
});

describe('secrets of a start without them', () => {
  const folders: string[] = [];
  /** A secrets file in a data folder that does not exist yet. */
  const newSecretsFile = () => {
    const root = mkdtempSync(join(tmpdir(), 'guichet-secrets-'));
    folders.push(root);
    return join(root, '.data', 'secrets.json');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('are created on the first start, readable by their owner only, and kept for the next ones', () => {
    const file = newSecretsFile();
    const first = parseEnv(withLocalSecrets({}, file));
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(first.PUBLIC_API_TOKEN.length).toBeGreaterThanOrEqual(16);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      JWT_SECRET: first.JWT_SECRET,
      PUBLIC_API_TOKEN: first.PUBLIC_API_TOKEN,
    });

    const again = parseEnv(withLocalSecrets({ NODE_ENV: 'development' }, file));
    expect([again.JWT_SECRET, again.PUBLIC_API_TOKEN]).toEqual([first.JWT_SECRET, first.PUBLIC_API_TOKEN]);
  });

  it('differ from one machine to the next', () => {
    const [one, two] = [newSecretsFile(), newSecretsFile()].map((file) => localSecrets(file));
    expect(one?.JWT_SECRET).not.toBe(two?.JWT_SECRET);
    expect(one?.PUBLIC_API_TOKEN).not.toBe(two?.PUBLIC_API_TOKEN);
  });

  it('give way to the variables that are set, and are not written when both are', () => {
    const file = newSecretsFile();
    const given = testSecrets();
    expect(withLocalSecrets(given, file)).toMatchObject(given);
    expect(() => statSync(file)).toThrow();

    const mixed = withLocalSecrets({ JWT_SECRET: given.JWT_SECRET, PUBLIC_API_TOKEN: '' }, file);
    expect(mixed.JWT_SECRET).toBe(given.JWT_SECRET);
    expect(mixed.PUBLIC_API_TOKEN).toBe(JSON.parse(readFileSync(file, 'utf8')).PUBLIC_API_TOKEN);
  });

  it('are never made up in production, where the variables are required', () => {
    const file = newSecretsFile();
    expect(() => parseEnv(withLocalSecrets({ NODE_ENV: 'production' }, file))).toThrow(
      /JWT_SECRET est obligatoire en production/,
    );
    expect(() => statSync(file)).toThrow();
  });

  it('are read back readable by their owner only, and a damaged file is reported, not replaced', () => {
    const file = newSecretsFile();
    localSecrets(file);
    const kept = readFileSync(file, 'utf8');
    rmSync(file);
    writeFileSync(file, kept, { mode: 0o644 });
    expect(localSecrets(file)).toEqual(JSON.parse(kept));
    expect(statSync(file).mode & 0o777).toBe(0o600);

    writeFileSync(file, '{"JWT_SECRET": "court"}');
    expect(() => localSecrets(file)).toThrow(/illisible ou incomplet : supprimez-le/);
    expect(readFileSync(file, 'utf8')).toBe('{"JWT_SECRET": "court"}');
  });
});
