// Knows where each app's build lands and whether it is older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;

export const BUILDS = [
  {
    workspace: '@guichet/api',
    output: join(ROOT, 'apps/api/dist/server.js'),
    sources: ['apps/api/src', 'apps/api/drizzle', 'packages/domain/src', 'packages/contracts/src'],
  },
  {
    workspace: '@guichet/web',
    output: join(ROOT, 'apps/web/build/server/index.js'),
    sources: ['apps/web/app', 'apps/web/public', 'packages/domain/src', 'packages/contracts/src', 'packages/ui/src'],
  },
  {
    workspace: '@guichet/pro',
    output: join(ROOT, 'apps/pro/build/server/index.js'),
    sources: ['apps/pro/app', 'apps/pro/public', 'packages/domain/src', 'packages/contracts/src', 'packages/ui/src'],
  },
];

function newestChange(folder) {
  let newest = 0;
  if (!existsSync(folder)) return newest;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function isStale(build) {
  if (!existsSync(build.output)) return true;
  const built = statSync(build.output).mtimeMs;
  return build.sources.some((source) => newestChange(join(ROOT, source)) > built);
}

/**
 * Builds each app of `builds` (every app by default) whose output is missing or older than its sources, one
 * after another (each build takes a core or two).
 */
export function buildWhatIsMissing(builds = BUILDS) {
  for (const build of builds) {
    if (!isStale(build)) continue;
    console.log(`Construction de ${build.workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`La construction de ${build.workspace} a échoué.`);
      process.exit(result.status ?? 1);
    }
  }
}
