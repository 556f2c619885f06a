import { describe, expect, it } from 'vitest';
import { visualsVersion } from '../../../../scripts/lib/visuals.mjs';
import { visualSrc } from './visual-url';
import { VISUALS_VERSION } from './visuals-version';

describe('visualSrc', () => {
  it('asks for the demo visuals under the versioned, long-cached name in the built site', () => {
    expect(visualSrc('/visuals/ticketings/les-nuits-electriques.svg', true)).toBe(
      `/assets/visuals/${VISUALS_VERSION}/ticketings/les-nuits-electriques.svg`,
    );
  });

  it('leaves any other address, and every address on the development server, as it is', () => {
    expect(visualSrc('https://cdn.example/poster.jpg', true)).toBe('https://cdn.example/poster.jpg');
    expect(visualSrc('/images/poster.jpg', true)).toBe('/images/poster.jpg');
    expect(visualSrc('/visuals/../secrets.json', true)).toBe('/visuals/../secrets.json');
    expect(visualSrc('/visuals/ticketings/x.svg', false)).toBe('/visuals/ticketings/x.svg');
  });

  it('knows the version of the visuals as they are (npm run visuals writes it)', () => {
    expect(VISUALS_VERSION).toBe(visualsVersion());
  });
});
