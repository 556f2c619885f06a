/**
 * VAT on prices that are set including VAT (what a buyer pays is the contract): the amount excluding VAT is
 * derived once per rate, so an invoice's per-rate totals always add up to the cents actually paid. An
 * admission is taxed where its event takes place (ADMISSION_VAT_RATES, docs/decisions/0048).
 */
import { type CountrySlug, TICKETING_CATEGORIES, type TicketingCategory } from './constants.js';

/**
 * The rates in basis points: the French 2,1 %, 5,5 %, 10 % and 20 %, the Belgian 6 %, and 0 for what is
 * outside EU VAT (an event in Switzerland).
 */
export const VAT_RATES = [0, 210, 550, 600, 1000, 2000] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** The rate of no EU VAT: an admission to an event outside the European Union (Switzerland). */
export const OUTSIDE_EU_VAT: VatRate = 0;
/** The Belgian reduced rate, which no French rate shares: an invoice names it as Belgian VAT. */
const BELGIAN_ADMISSION_RATE: VatRate = 600;

const everyCategory = (rate: VatRate) =>
  Object.fromEntries(TICKETING_CATEGORIES.map((category) => [category, rate])) as Record<TicketingCategory, VatRate>;

/**
 * The VAT of an admission by the country where the event takes place (the place of supply of an admission
 * to a cultural, sporting or entertainment event: directive 2006/112/CE art. 53, CGI art. 259 A 5° a) and by
 * the ticketing's category. The one table of it; its sources are in docs/decisions/0048.
 * - France: 5,5 % for shows, concerts, circus and sports events (CGI art. 278-0 bis F and J), 10 % for
 *   exhibitions and museums (CGI art. 279 b ter).
 * - Belgium: 6 % for admissions to cultural, sporting and entertainment events (AR n° 20, tableau A,
 *   rubrique XXIX).
 * - Switzerland: outside EU VAT (0), said so on the invoice (VAT_RATE_MENTIONS).
 */
export const ADMISSION_VAT_RATES: Readonly<Record<CountrySlug, Readonly<Record<TicketingCategory, VatRate>>>> = {
  france: { ...everyCategory(550), Exposition: 1000 },
  belgique: everyCategory(BELGIAN_ADMISSION_RATE),
  suisse: everyCategory(OUTSIDE_EU_VAT),
};

/** The VAT rate of an admission to an event in `country` of `category`; a RangeError for what the table lacks. */
export function admissionVatRate(country: string, category: string): VatRate {
  const byCategory = (ADMISSION_VAT_RATES as Record<string, Record<string, VatRate> | undefined>)[country];
  const rate = byCategory?.[category];
  if (rate === undefined) throw new RangeError(`Taux de TVA inconnu pour « ${category} » (${country})`);
  return rate;
}

export function isVatRate(value: number): value is VatRate {
  return (VAT_RATES as readonly number[]).includes(value);
}

const BASIS = 10_000;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Montant invalide : ${cents}`);
}

function assertRate(rate: number): asserts rate is VatRate {
  if (!isVatRate(rate)) throw new RangeError(`Taux de TVA inconnu : ${rate}`);
}

/**
 * incl × 10000 / (10000 + rate), rounded half up, in integers only: floating division would drift on
 * large amounts and make two machines disagree on a cent.
 */
export function exclVatOf(inclVat: number, rate: VatRate): number {
  assertCents(inclVat);
  assertRate(rate);
  const divisor = BASIS + rate;
  return Math.floor((2 * inclVat * BASIS + divisor) / (2 * divisor));
}

export type VatLine = { totalInclVat: number; vatRate: VatRate };

export type VatBreakdownRow = {
  vatRate: VatRate;
  totalInclVat: number;
  totalExclVat: number;
  vat: number;
};

/** Per rate present, by increasing rate: totals incl. VAT, excl. VAT and VAT, with excl + VAT = incl. */
export function vatBreakdown(lines: readonly VatLine[]): VatBreakdownRow[] {
  const inclByRate = new Map<VatRate, number>();
  for (const { totalInclVat, vatRate } of lines) {
    assertCents(totalInclVat);
    assertRate(vatRate);
    inclByRate.set(vatRate, (inclByRate.get(vatRate) ?? 0) + totalInclVat);
  }
  return [...inclByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRate, totalInclVat]) => {
      const totalExclVat = exclVatOf(totalInclVat, vatRate);
      return { vatRate, totalInclVat, totalExclVat, vat: totalInclVat - totalExclVat };
    });
}

export type VatTotals = { totalExclVat: number; vat: number; totalInclVat: number };

export function vatTotals(breakdown: readonly VatBreakdownRow[]): VatTotals {
  return breakdown.reduce<VatTotals>(
    (sum, row) => ({
      totalExclVat: sum.totalExclVat + row.totalExclVat,
      vat: sum.vat + row.vat,
      totalInclVat: sum.totalInclVat + row.totalInclVat,
    }),
    { totalExclVat: 0, vat: 0, totalInclVat: 0 },
  );
}

/**
 * Each line's total excl. VAT, sharing its rate's total (largest remainder) so that an invoice's lines add
 * up to its per-rate totals to the cent, instead of rounding each line on its own.
 */
export function lineTotalsExclVat(lines: readonly VatLine[]): number[] {
  const result = lines.map(() => 0);
  for (const row of vatBreakdown(lines)) {
    if (row.totalInclVat === 0) continue;
    const indexes = lines.flatMap((line, index) => (line.vatRate === row.vatRate ? [index] : []));
    const shares = indexes.map((index) => {
      const exact = ((lines[index]?.totalInclVat ?? 0) * row.totalExclVat) / row.totalInclVat;
      return { index, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
    });
    let left = row.totalExclVat - shares.reduce((sum, share) => sum + share.floor, 0);
    for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
      result[share.index] = share.floor + (left > 0 ? 1 : 0);
      left -= 1;
    }
  }
  return result;
}

/** Built once: `toLocaleString` with options builds a formatter on every call. */
const vatRateFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** « 20 % », « 5,5 % », « 2,1 % », with French typesetting's no-break space before %. */
export function formatVatRate(rate: VatRate): string {
  return `${vatRateFormat.format(rate / 100)}\u00a0%`;
}

/** How an invoice names the tax of a rate: French VAT by default, the Belgian rate as such, none outside the EU. */
export function vatRateLabel(rate: VatRate): string {
  if (rate === OUTSIDE_EU_VAT) return 'TVA non applicable (hors UE)';
  if (rate === BELGIAN_ADMISSION_RATE) return `TVA belge ${formatVatRate(rate)}`;
  return `TVA ${formatVatRate(rate)}`;
}

/** The mention an invoice carries, once, when one of its lines is at that rate. */
export const VAT_RATE_MENTIONS: Readonly<Partial<Record<VatRate, string>>> = {
  [OUTSIDE_EU_VAT]:
    'TVA non applicable aux billets des événements en Suisse : le lieu de la prestation est hors de l’Union européenne (art. 259 A, 5° a du CGI).',
  [BELGIAN_ADMISSION_RATE]:
    'TVA belge au taux de 6 % sur les billets des événements en Belgique, lieu de la prestation (directive 2006/112/CE, art. 53).',
};
