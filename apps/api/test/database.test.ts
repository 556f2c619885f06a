import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../src/db/client.js';
import { DatabaseLockedError, LOCK_FILE } from '../src/db/folder-lock.js';
import { migrateDatabase, migrationsFolder } from '../src/db/migrate.js';
import { redirects } from '../src/db/schema.js';
import { seedOnce } from '../src/seed/index.js';
import { createTestDatabase, TEST_TODAY } from './helpers.js';

const API_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..');

const migrationCount = readdirSync(migrationsFolder()).filter((name) => name.endsWith('.sql')).length;
/** Migrating a fresh embedded database (every migration, its triggers and backfills) on a busy two-core machine. */
const MIGRATING_MS = 90_000;

describe('migrations', () => {
  it(
    'create every table and leave nothing to apply the second time',
    async () => {
      const { database, dispose } = await createTestDatabase();
      await migrateDatabase(database);
      const rows = await rowsOf<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = ${database.schemaName}`,
      );
      const tables = rows.map((row) => row.table_name);
      expect(tables).toEqual(
        expect.arrayContaining(['ticketing', 'product', 'offer', 'performer', 'organizer', 'user', 'order', 'ticket']),
      );
      await dispose();
    },
    MIGRATING_MS,
  );

  it('enable unaccent and pg_trgm for search', async () => {
    const { database, dispose } = await createTestDatabase();
    const [row] = await rowsOf(
      database.db,
      sql`select unaccent('Théâtre à Genève') as plain, similarity('festival', 'festivals') > 0.5 as close`,
    );
    expect(row).toEqual({ plain: 'Theatre a Geneve', close: true });
    await dispose();
  });

  it('let concurrent starts migrate one database in turn', async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      // Several API processes on one PostgreSQL schema: the advisory lock makes them take turns.
      const schemaName = `test_${randomBytes(6).toString('hex')}`;
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url, schemaName })));
      await Promise.all(handles.map((handle) => migrateDatabase(handle)));
      const [first] = handles;
      if (!first) throw new Error('no database');
      const applied = await rowsOf(
        first.db,
        sql.raw(`select count(*)::int as n from "${schemaName}".__drizzle_migrations`),
      );
      expect(applied).toEqual([{ n: migrationCount }]);
      await handles[0]?.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
      await Promise.all(handles.map((handle) => handle.close()));
    } else {
      // PGlite belongs to one process: concurrent calls within it queue on the same lock name.
      const handle = await openDatabase({});
      await Promise.all([1, 2, 3].map(() => migrateDatabase(handle)));
      const applied = await rowsOf(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied).toEqual([{ n: migrationCount }]);
      await handle.close();
    }
  });
});

describe('embedded database', () => {
  it(
    'keeps its data on disk between starts',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'guichet-pglite-'));
      try {
        const first = await openDatabase({ dataDir });
        await migrateDatabase(first);
        await first.db.insert(redirects).values({ source: '/persiste', target: '/billetteries' });
        await first.close();

        const second = await openDatabase({ dataDir });
        await migrateDatabase(second);
        const rows = await second.db.select().from(redirects).where(eq(redirects.source, '/persiste'));
        expect(rows).toHaveLength(1);
        await second.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    MIGRATING_MS,
  );

  it('stops a second process opening the same folder at once, in French, and leaves the first working', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'guichet-pglite-'));
    const first = await openDatabase({ dataDir });
    try {
      await migrateDatabase(first);
      // The real API, started on the folder this process holds (on PGlite, whatever this run's DATABASE_URL).
      const { DATABASE_URL: _server, ...inherited } = process.env;
      const second = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
          cwd: API_FOLDER,
          env: {
            ...inherited,
            PGLITE_DIR: dataDir,
            NODE_ENV: 'test',
            API_PORT: '0',
            LOG_LEVEL: 'warn',
            JWT_SECRET: randomBytes(32).toString('hex'),
            PUBLIC_API_TOKEN: randomBytes(16).toString('hex'),
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('exit', (code) => resolve({ code, stderr }));
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        `La base embarquée (${dataDir}) est déjà ouverte par un autre processus (PID ${process.pid})`,
      );
      // The first still reads and writes.
      await first.db.insert(redirects).values({ source: '/toujours-la', target: '/billetteries' });
      expect(await first.db.select().from(redirects).where(eq(redirects.source, '/toujours-la'))).toHaveLength(1);
    } finally {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second opening in the same process, and opens again once closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'guichet-pglite-'));
    try {
      const first = await openDatabase({ dataDir });
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
      await first.close();
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
      const again = await openDatabase({ dataDir });
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over the lock of a process that ended without closing (killed, crashed)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'guichet-pglite-'));
    try {
      const ended = spawn(process.execPath, ['-e', '']);
      const pid = ended.pid;
      await new Promise((resolve) => ended.on('exit', resolve));
      writeFileSync(join(dataDir, LOCK_FILE), String(pid));
      const database = await openDatabase({ dataDir });
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('first start', () => {
  it('seeds the demo catalogue once, even when starts race', async () => {
    const { database, dispose } = await createTestDatabase();
    const results = await Promise.all([seedOnce(database, TEST_TODAY), seedOnce(database, TEST_TODAY)]);
    expect(results.sort()).toEqual([false, true]);
    const [row] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from ticketing`);
    expect(row?.n).toBeGreaterThanOrEqual(60);
    await dispose();
  });

  it('of the real API fills an empty database with the demo catalogue, unless SEED_DEMO=false', {
    timeout: 240_000,
  }, async () => {
    const ticketingsAfterStart = async (extra: Record<string, string>) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'guichet-pglite-'));
      try {
        const { DATABASE_URL: _server, SEED_DEMO: _seed, ...inherited } = process.env;
        const code = await new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
            cwd: API_FOLDER,
            env: {
              ...inherited,
              ...extra,
              PGLITE_DIR: dataDir,
              NODE_ENV: 'test',
              API_PORT: '0',
              LOG_LEVEL: 'info',
              JWT_SECRET: randomBytes(32).toString('hex'),
              PUBLIC_API_TOKEN: randomBytes(16).toString('hex'),
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          // Ready means migrated and, if asked, seeded: then stop it as an operator would.
          child.stdout?.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('API Guichet prête')) child.kill('SIGTERM');
          });
          child.on('exit', (exitCode) => resolve(exitCode));
        });
        expect(code).toBe(0);
        const handle = await openDatabase({ dataDir });
        try {
          const [row] = await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from ticketing`);
          return row?.n;
        } finally {
          await handle.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    expect(await ticketingsAfterStart({})).toBeGreaterThanOrEqual(60);
    expect(await ticketingsAfterStart({ SEED_DEMO: 'false' })).toBe(0);
  });
});
