#!/usr/bin/env node
// After `react-router build`: the demo visuals under their versioned, long-cached name (scripts/lib/visuals.mjs).
import { relative } from 'node:path';
import { ROOT } from './lib/builds.mjs';
import { PUBLISHED_DIR, publishVisuals } from './lib/visuals.mjs';

try {
  const version = publishVisuals();
  console.log(`Visuels publiés dans ${relative(ROOT, PUBLISHED_DIR)}/${version}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
