/**
 * A refund's credit note (avoir, docs/decisions/0066): « Avoir AV-000001 », the invoice it corrects (an
 * invoice is never changed once issued, Code de commerce L441-9), the refunded lines as negative amounts
 * with their VAT per rate (HT, TVA, TTC), the seller and the buyer — laid out as the invoice is, with its
 * helpers (invoice-pdf.ts).
 */
import {
  BRAND,
  formatPrice,
  lineTotalsExclVat,
  VAT_RATE_MENTIONS,
  vatBreakdown,
  vatRateLabel,
  vatTotals,
} from '@guichet/domain';
import {
  amountRow,
  drawLines,
  drawParties,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoiceSeller,
  invoiceDate,
} from './invoice-pdf.js';
import { BRAND_COLOUR, FONT, FONT_BOLD, INK, MUTED, newDocument, startPage, toBuffer } from './pdf.js';

export type CreditNoteDocument = {
  /** « AV-000001 », from the gap-free credit note counter. */
  number: string;
  /** ISO instant: when the refund was made. */
  issuedAt: string;
  /** The invoice it corrects, « FAC-000042 », and its date (ISO). */
  invoiceNumber: string;
  invoiceDate: string;
  orderReference: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** The refunded units, at the price they were charged (positive here, printed negative). */
  lines: readonly InvoiceLine[];
  /** « Annulation de l’événement », « Rétractation »…: why, in a few words. */
  reason: string;
};

/** A refund's amount as the credit note prints it: negative, « −25,00 € ». */
const negative = (cents: number) => (cents === 0 ? formatPrice(0) : `-${formatPrice(cents)}`);

export async function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  if (note.lines.length === 0) throw new RangeError('Un avoir sans ligne ne peut être émis.');
  const vatLines = note.lines.map((line) => ({
    totalInclVat: line.unitPriceInclVat * line.quantity,
    vatRate: line.vatRate,
  }));
  const breakdown = vatBreakdown(vatLines);
  const totals = vatTotals(breakdown);
  const lineTotals = lineTotalsExclVat(vatLines);

  const doc = newDocument(`Avoir ${note.number}`);
  const page = startPage(doc);
  const { left, width, text, textAt } = page;
  const top = doc.page.margins.top;
  doc.font(FONT_BOLD).fontSize(22).fillColor(BRAND_COLOUR);
  textAt(BRAND, left, top);
  doc.font(FONT_BOLD).fontSize(18).fillColor(INK);
  textAt(`Avoir ${note.number}`, left, top, { width, align: 'right' });
  doc.font(FONT).fontSize(10);
  text(`Date de l’avoir : ${invoiceDate(note.issuedAt)}`, { width, align: 'right' });
  text(`Se rapporte à la facture ${note.invoiceNumber} du ${invoiceDate(note.invoiceDate)}`, {
    width,
    align: 'right',
  });
  text(`Commande ${note.orderReference}`, { width, align: 'right' });
  text(`Motif : ${note.reason}`, { width, align: 'right' });

  drawParties(doc, page, note.seller, note.buyer);

  drawLines(doc, page, note.lines, lineTotals, negative);

  doc.moveDown(1);
  if (doc.y + 60 + breakdown.length * 16 + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const amount = amountRow(doc, page);
  for (const rate of breakdown) {
    amount(`${vatRateLabel(rate.vatRate)} sur ${negative(rate.totalExclVat)} HT`, negative(rate.vat));
  }
  doc.moveDown(0.5);
  amount('Total HT', negative(totals.totalExclVat));
  amount('Total TVA', negative(totals.vat));
  amount('Total TTC', negative(totals.totalInclVat), FONT_BOLD);

  doc.moveDown(2);
  doc.font(FONT_BOLD).fontSize(12).fillColor(INK);
  textAt(`Remboursé le ${invoiceDate(note.issuedAt)}`, left, doc.y, { width });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  text('Cet avoir annule, à hauteur des montants ci-dessus, la facture à laquelle il se rapporte.', { width });
  for (const rate of breakdown) {
    const mention = VAT_RATE_MENTIONS[rate.vatRate];
    if (mention) text(mention, { width });
  }
  return toBuffer(doc);
}
