// The demo catalogue's visuals under a versioned name: apps/web/public/visuals/ (the stable addresses, as the
// API and social metadata give them) is also published as build/client/assets/visuals/<version>/, which the
// web server serves as immutable for a year (server.mjs: /assets). The version is a hash of every file, kept in
// apps/web/app/lib/visuals-version.ts by scripts/generate-visuals.mjs; the pages ask for that copy.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { ROOT } from './builds.mjs';

export const VISUALS_DIR = join(ROOT, 'apps/web/public/visuals');
export const VERSION_MODULE = join(ROOT, 'apps/web/app/lib/visuals-version.ts');
/**
 * Where the web's build serves fingerprinted files from, with a year's cache (server.mjs): in the build's folder,
 * `WEB_BUILD_DIR` (relative to apps/web, as react-router.config.ts reads it) or apps/web/build.
 */
export const PUBLISHED_DIR = join(
  resolve(ROOT, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build'),
  'client/assets/visuals',
);

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** The first 10 hex digits of SHA-256 over every file of `folder` (its path inside, then its bytes), in order. */
export function visualsVersion(folder = VISUALS_DIR) {
  const hash = createHash('sha256');
  for (const file of filesUnder(folder)
    .map((path) => relative(folder, path).split(sep).join('/'))
    .sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(folder, file)));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 10);
}

/** The TypeScript module that tells the pages the version, as generate-visuals.mjs writes it. */
export function versionModule(version) {
  return `// Written by scripts/generate-visuals.mjs (scripts/lib/visuals.mjs): do not edit.
/** Hash of apps/web/public/visuals/: the folder of /assets/visuals/ the built site serves them from. */
export const VISUALS_VERSION = '${version}';
`;
}

/**
 * Copies public/visuals/ to build/client/assets/visuals/<version>/ after the web's build, the version being the
 * one the build's code was compiled with (it fails when the module is out of date: run `npm run visuals`).
 */
export function publishVisuals() {
  const version = visualsVersion();
  const declared = readFileSync(VERSION_MODULE, 'utf8').match(/VISUALS_VERSION = '([0-9a-f]+)'/)?.[1];
  if (declared !== version) {
    throw new Error(
      `apps/web/app/lib/visuals-version.ts (${declared}) ne correspond pas aux visuels (${version}) : lancez npm run visuals.`,
    );
  }
  rmSync(PUBLISHED_DIR, { recursive: true, force: true });
  cpSync(VISUALS_DIR, join(PUBLISHED_DIR, version), { recursive: true });
  return version;
}
