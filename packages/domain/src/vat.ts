/**
 * French VAT on prices that are set including VAT (what a buyer pays is the contract): the amount excluding
 * VAT is derived once per rate, so an invoice's per-rate totals always add up to the cents actually paid.
 */

/** The French rates in basis points: 2,1 %, 5,5 %, 10 %, 20 %. */
export const VAT_RATES = [210, 550, 1000, 2000] as const;
export type VatRate = (typeof VAT_RATES)[number];

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

/** « 20 % », « 5,5 % », « 2,1 % », with French typesetting's no-break space before %. */
export function formatVatRate(rate: VatRate): string {
  return `${(rate / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00a0%`;
}
