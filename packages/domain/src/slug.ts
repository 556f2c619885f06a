/**
 * Slugs of addresses (/billetterie/{slug}-{id}, /artistes/{slug}…): the one rule the seed and the pro site's
 * new ticketings follow.
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
