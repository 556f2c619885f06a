import { formatPrice, formatVatRate, vatBreakdown, vatTotals } from '@guichet/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceDocument, renderInvoicePdf } from '../../src/services/documents/invoice-pdf.js';
import { type PdfPage, readPdf } from './pdf-reader.js';

const invoice: InvoiceDocument = {
  number: 'F-2027-000042',
  issuedAt: '2027-03-02T09:15:00.000Z',
  soldAt: '2027-03-01T18:40:00.000Z',
  paidAt: '2027-03-01T18:41:00.000Z',
  orderReference: 'GX-2027-0001',
  seller: {
    name: 'Guichet Billetterie',
    legalForm: 'SAS au capital de 10 000 €',
    addressLines: ['3 place Bellecour', '69002 Lyon'],
    siren: '912 345 678',
    vatNumber: 'FR32912345678',
    registration: 'RCS Lyon 912 345 678',
  },
  buyer: { name: 'Élodie Martin', addressLines: ['8 rue Mercière', '69002 Lyon'] },
  lines: [
    { designation: 'Carmen, Théâtre antique : placement libre', quantity: 2, unitPriceInclVat: 3900, vatRate: 550 },
    { designation: 'Brunch pour deux, Café Béchamel', quantity: 1, unitPriceInclVat: 1250, vatRate: 1000 },
    { designation: 'Programme du festival', quantity: 3, unitPriceInclVat: 5, vatRate: 210 },
    { designation: 'Frais de service', quantity: 3, unitPriceInclVat: 199, vatRate: 2000 },
  ],
};

const breakdown = vatBreakdown(
  invoice.lines.map((line) => ({ totalInclVat: line.unitPriceInclVat * line.quantity, vatRate: line.vatRate })),
);
const totals = vatTotals(breakdown);
let pages: PdfPage[];
let text: string;

beforeAll(async () => {
  pages = await readPdf(await renderInvoicePdf(invoice));
  text = pages.map((page) => page.text).join('\n');
});

/** How formatPrice's amount reads once extracted (its no-break spaces become plain ones). */
function price(cents: number): string {
  return formatPrice(cents).replace(/\s/g, ' ');
}

describe('renderInvoicePdf', () => {
  it('fits a short invoice on one page', () => {
    expect(pages).toHaveLength(1);
  });

  it('names the seller with its SIREN, VAT number and legal form, and the buyer', () => {
    expect(text).toContain('Guichet Billetterie');
    expect(text).toContain('SAS au capital de 10 000 €');
    expect(text).toContain('SIREN : 912 345 678');
    expect(text).toContain('N° de TVA intracommunautaire : FR32912345678');
    expect(text).toContain('3 place Bellecour');
    expect(text).toContain('Élodie Martin');
    expect(text).toContain('8 rue Mercière');
  });

  it('carries its number, its date and the date of the sale', () => {
    expect(text).toContain('N° F-2027-000042');
    expect(text).toContain('Date de facture : 2 mars 2027');
    expect(text).toContain('Date de la vente : 1er mars 2027');
    expect(text).toContain('Commande GX-2027-0001');
  });

  it('lists each line with its quantity, unit price excl. VAT and rate', () => {
    expect(text).toContain('Carmen, Théâtre antique : placement libre');
    // 39 € incl. 5,5 % VAT is 36,97 € excl. VAT.
    expect(text).toMatch(/Carmen, Théâtre antique : placement libre\s*2\s*36,97 €\s*5,5 %/);
    expect(text).toMatch(/Frais de service\s*3\s*1,66 €\s*20 %/);
  });

  it('states the VAT of each rate and the totals vatBreakdown computes', () => {
    expect(breakdown.map((row) => row.vatRate)).toEqual([210, 550, 1000, 2000]);
    for (const row of breakdown) {
      const rate = formatVatRate(row.vatRate).replace(/\s/g, ' ');
      expect(text).toContain(`TVA ${rate} sur ${price(row.totalExclVat)} HT`);
      expect(text).toMatch(new RegExp(`TVA ${rate} sur ${price(row.totalExclVat)} HT\\s*${price(row.vat)}`));
    }
    expect(text).toMatch(new RegExp(`Total HT\\s*${price(totals.totalExclVat)}`));
    expect(text).toMatch(new RegExp(`Total TVA\\s*${price(totals.vat)}`));
    expect(text).toMatch(new RegExp(`Total TTC\\s*${price(totals.totalInclVat)}`));
    expect(totals.totalInclVat).toBe(2 * 3900 + 1250 + 3 * 5 + 3 * 199);
  });

  it('names no foreign tax on an invoice of French lines only', () => {
    expect(text).not.toContain('TVA belge');
    expect(text).not.toContain('TVA non applicable');
  });

  it('taxes an event in Belgium at the Belgian 6 % and one in Switzerland at none, and says why', async () => {
    const abroad = await readPdf(
      await renderInvoicePdf({
        ...invoice,
        lines: [
          { designation: 'Cités imaginaires, Liège : plein tarif', quantity: 2, unitPriceInclVat: 1590, vatRate: 600 },
          { designation: 'Concert à Genève : tarif plein', quantity: 1, unitPriceInclVat: 4500, vatRate: 0 },
          { designation: 'Carmen, Lyon : placement libre', quantity: 1, unitPriceInclVat: 3900, vatRate: 550 },
        ],
      }),
    );
    const all = abroad.map((page) => page.text).join('\n');
    // 31,80 € incl. 6 % is 30 € excl., 1,80 € of Belgian VAT; 45 € in Geneva carry none.
    expect(all).toMatch(/Cités imaginaires, Liège : plein tarif\s*2\s*15 €\s*6 %/);
    expect(all).toMatch(/Concert à Genève : tarif plein\s*1\s*45 €\s*0 %/);
    expect(all).toMatch(/TVA belge 6 % sur 30 € HT\s*1,80 €/);
    expect(all).toMatch(/TVA non applicable \(hors UE\) sur 45 € HT\s*0 €/);
    expect(all).toMatch(/TVA 5,5 % sur 36,97 € HT\s*2,03 €/);
    expect(all.replace(/\s+/g, ' ')).toContain(
      'TVA non applicable aux billets des événements en Suisse : le lieu de la prestation est hors de l’Union européenne (art. 259 A, 5° a du CGI).',
    );
    expect(all.replace(/\s+/g, ' ')).toContain('TVA belge au taux de 6 % sur les billets des événements en Belgique');
  });

  it('says it has been paid, and when', () => {
    expect(text).toContain('Facture acquittée le 1er mars 2027');
  });

  it('runs onto more pages for a long order, rows whole', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      designation: `Place ${index + 1}`,
      quantity: 1,
      unitPriceInclVat: 1000,
      vatRate: 550 as const,
    }));
    const long = await readPdf(await renderInvoicePdf({ ...invoice, lines }));
    expect(long.length).toBeGreaterThan(1);
    const all = long.map((page) => page.text).join('\n');
    expect(all).toMatch(/Place 60\s*1\s*9,48 €/);
    expect(all).toMatch(new RegExp(`Total TTC\\s*${price(60_000)}`));
  });

  it('refuses an invoice without lines or with a bad quantity', async () => {
    await expect(renderInvoicePdf({ ...invoice, lines: [] })).rejects.toThrow(RangeError);
    const [first] = invoice.lines;
    if (!first) throw new Error('Pas de ligne');
    await expect(renderInvoicePdf({ ...invoice, lines: [{ ...first, quantity: 0 }] })).rejects.toThrow(RangeError);
  });
});
