import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { declaredIcons, SPRITE, spriteOf } from '../../../scripts/generate-icon-sprite.mjs';
import * as icons from './icons';

describe('the icon sprite', () => {
  it('holds Lucide’s drawing of every icon the site declares, as `npm run icons` writes it', async () => {
    const names = declaredIcons();
    expect(names.length).toBe(Object.keys(icons).length);
    expect(readFileSync(SPRITE, 'utf8')).toBe(await spriteOf(names));
    for (const name of names) expect(readFileSync(SPRITE, 'utf8')).toContain(`<symbol id="${name}" `);
  });

  it('draws an icon as a use of its symbol, with Lucide’s attributes, hidden from assistive technologies', () => {
    const markup = renderToStaticMarkup(<icons.MapPin className="h-4 w-4" />);
    expect(markup).toMatch(
      /^<svg [^>]*class="lucide lucide-map-pin h-4 w-4"[^>]*><use href="[^"]*icons[^"]*\.svg#map-pin"><\/use><\/svg>$/,
    );
    for (const attribute of [
      'width="24"',
      'height="24"',
      'viewBox="0 0 24 24"',
      'fill="none"',
      'stroke="currentColor"',
      'stroke-width="2"',
      'stroke-linecap="round"',
      'stroke-linejoin="round"',
      'aria-hidden="true"',
    ])
      expect(markup).toContain(attribute);
  });

  it('lets an icon given a name speak, and takes a size', () => {
    const named = renderToStaticMarkup(<icons.ShoppingCart aria-label="Panier" role="img" size={32} />);
    expect(named).not.toContain('aria-hidden');
    expect(named).toContain('aria-label="Panier"');
    expect(named).toContain('width="32"');
    const titled = renderToStaticMarkup(
      <icons.Info>
        <title>Information</title>
      </icons.Info>,
    );
    expect(titled).not.toContain('aria-hidden');
    expect(titled).toContain('<title>Information</title>');
  });
});
