import {
  BRAND,
  dayOfMonthLabel,
  exclVatOf,
  formatPrice,
  formatVatRate,
  lineTotalsExclVat,
  monthName,
  parisParts,
  VAT_RATE_MENTIONS,
  type VatRate,
  vatBreakdown,
  vatRateLabel,
  vatTotals,
} from '@guichet/domain';
import { BRAND_COLOUR, FONT, FONT_BOLD, INK, MUTED, newDocument, startPage, toBuffer, winAnsi } from './pdf.js';

/** The seller's identity as the Code de commerce wants it on every invoice (art. R123-237, L441-9). */
export type InvoiceSeller = {
  name: string;
  /** « SAS au capital de 10 000 € ». */
  legalForm: string;
  addressLines: readonly string[];
  siren: string;
  /** Intra-community VAT number, « FR… ». */
  vatNumber: string;
  /** « RCS Lyon 123 456 789 », when registered. */
  registration?: string;
};

export type InvoiceBuyer = { name: string; addressLines: readonly string[] };

export type InvoiceLine = {
  designation: string;
  quantity: number;
  /** Cents, VAT included: what the buyer was charged for one unit. */
  unitPriceInclVat: number;
  vatRate: VatRate;
};

export type InvoiceDocument = {
  /** Given by the caller, from its own unbroken sequence. */
  number: string;
  /** ISO instants. */
  issuedAt: string;
  soldAt: string;
  paidAt: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: readonly InvoiceLine[];
  orderReference?: string;
};

/** « 14 mars 2027 », in Paris. */
export function invoiceDate(instant: string): string {
  const { year, month, day } = parisParts(instant);
  return `${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

export type Column = { title: string; width: number; align: 'left' | 'right' };
export const COLUMNS: readonly Column[] = [
  { title: 'Désignation', width: 205, align: 'left' },
  { title: 'Qté', width: 40, align: 'right' },
  { title: 'P.U. HT', width: 85, align: 'right' },
  { title: 'TVA', width: 55, align: 'right' },
  { title: 'Total HT', width: 110, align: 'right' },
];
export const CELL_GAP = 8;

type Page = ReturnType<typeof startPage>;

/** The seller's block (left) and the buyer's (right), below the title; the cursor left under the longer. */
export function drawParties(doc: PDFKit.PDFDocument, page: Page, seller: InvoiceSeller, buyer: InvoiceBuyer) {
  const { left, width, text, textAt } = page;
  const partiesTop = doc.y + 20;
  const half = (width - 20) / 2;
  doc.font(FONT_BOLD).fontSize(10).fillColor(MUTED);
  textAt('Vendeur', left, partiesTop, { width: half });
  doc.font(FONT_BOLD).fillColor(INK);
  text(seller.name, { width: half });
  doc.font(FONT);
  text(seller.legalForm, { width: half });
  for (const line of seller.addressLines) text(line, { width: half });
  text(`SIREN : ${seller.siren}`, { width: half });
  if (seller.registration) text(seller.registration, { width: half });
  text(`N° de TVA intracommunautaire : ${seller.vatNumber}`, { width: half });
  const sellerBottom = doc.y;

  doc.font(FONT_BOLD).fillColor(MUTED);
  textAt('Client', left + half + 20, partiesTop, { width: half });
  doc.font(FONT_BOLD).fillColor(INK);
  text(buyer.name, { width: half });
  doc.font(FONT);
  for (const line of buyer.addressLines) text(line, { width: half });

  doc.y = Math.max(sellerBottom, doc.y) + 25;
}

/** The lines' table: `row` writes one row of cells in COLUMNS (never split across pages), `rule` a thin line. */
export function lineTable(doc: PDFKit.PDFDocument, page: Page) {
  const { left, width, textAt } = page;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const row = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(10).fillColor(INK);
    const height = Math.max(
      ...cells.map((cell, index) =>
        doc.heightOfString(winAnsi(cell), { width: (COLUMNS[index]?.width ?? 0) - CELL_GAP }),
      ),
    );
    // A row never splits across pages: a designation cut from its amounts would be unreadable.
    if (doc.y + height > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index] as Column;
      textAt(cell, x, y, { width: column.width - CELL_GAP, align: column.align });
      x += column.width;
    });
    doc.x = left;
    doc.y = y + height + 6;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
  };

  return { row, rule };
}

/**
 * The lines under their column titles: designation, quantity, unit price excluding VAT (informative: each line's
 * total is its rate's total shared out, so that the columns add up), VAT rate, line total excluding VAT. `amount`
 * writes the amounts: as they are on an invoice, negative on a credit note.
 */
export function drawLines(
  doc: PDFKit.PDFDocument,
  page: Page,
  lines: readonly InvoiceLine[],
  lineTotals: readonly number[],
  amount: (cents: number) => string,
) {
  const { row, rule } = lineTable(doc, page);
  row(
    COLUMNS.map((column) => column.title),
    FONT_BOLD,
  );
  rule();
  lines.forEach((line, index) => {
    row(
      [
        line.designation,
        String(line.quantity),
        amount(exclVatOf(line.unitPriceInclVat, line.vatRate)),
        formatVatRate(line.vatRate),
        amount(lineTotals[index] ?? 0),
      ],
      FONT,
    );
  });
  rule();
}

/** A right-aligned « label … amount » row of the totals. */
export function amountRow(doc: PDFKit.PDFDocument, page: Page) {
  const { left, width, textAt } = page;
  const labelX = left + width / 2 - 60;
  const labelWidth = width / 2 + 60 - 110;
  const amount = (label: string, value: string, font = FONT) => {
    doc.font(font).fontSize(10).fillColor(INK);
    const y = doc.y;
    textAt(label, labelX, y, { width: labelWidth - CELL_GAP, align: 'right' });
    textAt(value, left + width - 110, y, { width: 110 - CELL_GAP, align: 'right' });
    doc.x = left;
    doc.y = y + 16;
  };
  return amount;
}

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  if (invoice.lines.length === 0) throw new RangeError('Une facture sans ligne ne peut être émise.');
  for (const line of invoice.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      throw new RangeError(`Quantité invalide : ${line.quantity}`);
    }
  }
  const vatLines = invoice.lines.map((line) => ({
    totalInclVat: line.unitPriceInclVat * line.quantity,
    vatRate: line.vatRate,
  }));
  const breakdown = vatBreakdown(vatLines);
  const totals = vatTotals(breakdown);
  const lineTotals = lineTotalsExclVat(vatLines);

  const doc = newDocument(`Facture ${invoice.number}`);
  const page = startPage(doc);
  const { left, width, text, textAt } = page;

  const top = doc.page.margins.top;
  doc.font(FONT_BOLD).fontSize(22).fillColor(BRAND_COLOUR);
  textAt(BRAND, left, top);
  doc.font(FONT_BOLD).fontSize(18).fillColor(INK);
  textAt('Facture', left, top, { width, align: 'right' });
  doc.font(FONT).fontSize(10);
  text(`N° ${invoice.number}`, { width, align: 'right' });
  text(`Date de facture : ${invoiceDate(invoice.issuedAt)}`, { width, align: 'right' });
  text(`Date de la vente : ${invoiceDate(invoice.soldAt)}`, { width, align: 'right' });
  if (invoice.orderReference) text(`Commande ${invoice.orderReference}`, { width, align: 'right' });

  drawParties(doc, page, invoice.seller, invoice.buyer);

  const bottom = () => doc.page.height - doc.page.margins.bottom;
  drawLines(doc, page, invoice.lines, lineTotals, formatPrice);

  doc.moveDown(1);
  if (doc.y + 60 + breakdown.length * 16 + 80 > bottom()) doc.addPage();
  const amount = amountRow(doc, page);
  for (const rate of breakdown) {
    amount(`${vatRateLabel(rate.vatRate)} sur ${formatPrice(rate.totalExclVat)} HT`, formatPrice(rate.vat));
  }
  doc.moveDown(0.5);
  amount('Total HT', formatPrice(totals.totalExclVat));
  amount('Total TVA', formatPrice(totals.vat));
  amount('Total TTC', formatPrice(totals.totalInclVat), FONT_BOLD);

  doc.moveDown(2);
  doc.font(FONT_BOLD).fontSize(12).fillColor(INK);
  textAt(`Facture acquittée le ${invoiceDate(invoice.paidAt)}`, left, doc.y, { width });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  text('Aucun escompte pour paiement anticipé.', { width });
  // Where a rate is not French VAT (an event in Belgium, in Switzerland), the invoice says which tax and why.
  for (const row of breakdown) {
    const mention = VAT_RATE_MENTIONS[row.vatRate];
    if (mention) text(mention, { width });
  }

  return toBuffer(doc);
}
