const countFormat = new Intl.NumberFormat('fr-FR');

/** The words of a count: « Aucun bon plan », « 1 bon plan », « 12 bons plans ». */
export type CountWords = { none: string; one: string; many: string };

/**
 * A count in French, digits grouped as French writes them (« 1 234 bons plans »); `capped`: a search that
 * stopped counting at its limit, « Plus de 1 000 bons plans » (docs/decisions/0037).
 */
export function countLabel(count: number, words: CountWords, capped = false): string {
  if (capped) return `Plus de ${countFormat.format(count)} ${words.many}`;
  if (count === 0) return words.none;
  return count === 1 ? `1 ${words.one}` : `${countFormat.format(count)} ${words.many}`;
}
