import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * A real Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser if one
 * is installed. With none, the run fails and says how to install one: end-to-end tests never skip silently.
 */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (found) return found;
  try {
    // Playwright's own download, when present (not possible on every machine).
    const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {}
  throw new Error(
    'Aucun Chromium trouvé pour les tests de bout en bout.\n' +
      '  Debian/Ubuntu : sudo apt-get install -y chromium\n' +
      '  ou indiquez son chemin : CHROMIUM_PATH=/chemin/vers/chromium npm test\n' +
      '  ou installez celui de Playwright : npx playwright install chromium',
  );
}

export default defineConfig({
  testDir: './e2e',
  // The database stopping under a running site: only a PostgreSQL server can stop apart from the API.
  testIgnore: process.env.DATABASE_URL ? [] : ['**/database-outage.spec.ts'],
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Two browsers at once at least (Playwright's default is half the cores: one on a two-core machine, CI or not).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      // Chromium must not reach for Google's services: this machine's network is closed.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
