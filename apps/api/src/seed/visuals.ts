/**
 * Visual descriptors of the demo catalogue. The seed stores the `Visual` part ({ url, alt, width, height });
 * the whole descriptor also goes into visuals.json, the manifest from which scripts/generate-visuals.mjs
 * draws the SVG files under apps/web/public/visuals/. File names derive from slugs only.
 */
import type { Visual } from '@guichet/contracts';
import { hashString } from './util.js';

export type VisualStyle = 'poster' | 'scene' | 'portrait' | 'logo' | 'deal' | 'contest' | 'editorial' | 'share';

export type VisualSpec = Visual & {
  style: VisualStyle;
  /** The big text of the image. */
  title: string;
  /** A smaller line under the title. */
  subtitle: string;
  /** A short label in a corner (category, « Bon plan », « Le Mag »…). */
  badge: string;
  /** Base hue of the palette, 0–359. */
  hue: number;
};

export const LANDSCAPE = { width: 1200, height: 800 } as const;
export const SQUARE = { width: 600, height: 600 } as const;

/** A hue near `base`, shifted deterministically by the key so that neighbours differ. */
export function hueFor(key: string, base?: number): number {
  const hash = hashString(key);
  return base === undefined ? hash % 360 : (base + (hash % 50) - 25 + 360) % 360;
}

export function toVisual(spec: VisualSpec): Visual {
  return { url: spec.url, alt: spec.alt, width: spec.width, height: spec.height };
}

export const SHARE_VISUAL: VisualSpec = {
  url: '/visuals/guichet-share.svg',
  alt: 'Logo Guichet : billetteries, agenda et bons plans',
  width: 384,
  height: 384,
  style: 'share',
  title: 'Guichet',
  subtitle: 'Billetteries, agenda et bons plans',
  badge: 'guichet',
  hue: 262,
};
