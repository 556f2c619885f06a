#!/usr/bin/env node
/**
 * Writes packages/ui/src/icons.svg: one `<symbol>` per icon that icons.tsx declares
 * (`spriteIcon('<name>')`), drawn from Lucide's own data (lucide-react's `__iconData` of that icon). Same
 * names, same bytes; packages/ui/src/icons.test.tsx fails when the file lags behind icons.tsx or
 * Lucide.
 *
 * Usage: npm run icons
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ICONS_MODULE = join(ROOT, 'packages/ui/src/icons.tsx');
export const SPRITE = join(ROOT, 'packages/ui/src/icons.svg');

/** The icon names icons.tsx declares, in its order. */
export function declaredIcons() {
  return [...readFileSync(ICONS_MODULE, 'utf8').matchAll(/spriteIcon\('([a-z0-9-]+)'\)/g)].map((match) => match[1]);
}

const escapeAttribute = (value) =>
  String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const attributes = (props) =>
  Object.entries(props)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');

/** The sprite's text: Lucide's elements of each icon in a symbol of its name. */
export async function spriteOf(names) {
  const require = createRequire(join(ROOT, 'packages/ui/package.json'));
  const lucide = dirname(require.resolve('lucide-react/package.json'));
  const symbols = [];
  for (const name of names) {
    const { __iconData } = await import(pathToFileURL(join(lucide, 'dist/esm/icons', `${name}.mjs`)).href);
    const size = __iconData.size ?? 24;
    const drawing = __iconData.node.map(([tag, props]) => `<${tag}${attributes(props)}/>`).join('');
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${size} ${size}">${drawing}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = declaredIcons();
  writeFileSync(SPRITE, await spriteOf(names));
  console.log(`icons.svg écrit (${names.length} icônes).`);
}
