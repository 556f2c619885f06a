/**
 * Writes visuals.json, the list of visuals drawn by scripts/generate-visuals.mjs, from the seed data.
 * Run it after changing the demo catalogue: `npx tsx apps/api/src/seed/write-visuals-manifest.ts`,
 * then `node scripts/generate-visuals.mjs`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildVisualManifest } from './manifest.js';

const target = fileURLToPath(new URL('./visuals.json', import.meta.url));
const manifest = buildVisualManifest();
writeFileSync(target, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${manifest.length} visuels décrits dans ${target}`);
