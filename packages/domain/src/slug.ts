/**
 * Slugs: the readable part of public addresses (/organisateurs/le-rocher-de-palmer). Written once here because
 * the demo seed and the pro site's sign-up both make them, and a name must give the same slug on both.
 */

/** Lowercase, accents removed, every other run of characters turned into one dash: « Théâtre à Liège » → theatre-a-liege. */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
