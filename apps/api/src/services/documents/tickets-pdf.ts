import { BRAND, formatPrice, formatValidUntil, ticketEventWhen } from '@guichet/domain';
import { BRAND_COLOUR, FONT, FONT_BOLD, FONT_MONO, INK, MUTED, newDocument, startPage, toBuffer } from './pdf.js';
import { qrPng } from './qr.js';

/** What every admission carries, whatever it admits to. */
type Admission = {
  holderName: string;
  productTitle: string;
  /** Cents actually paid for this admission. */
  pricePaid: number;
  orderReference: string;
  /** The printed code, typed at the door when a QR cannot be read. */
  code: string;
  /** What the QR code holds: the signed `GU1:…` code (docs/decisions/0064), or the printed code for a deal without a partner organiser. */
  qrText: string;
};

export type EventTicket = Admission & {
  kind: 'ticket';
  eventTitle: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  venueName: string;
  venueAddress: string;
};

export type OfferVoucher = Admission & {
  kind: 'voucher';
  offerTitle: string;
  partnerName: string;
  partnerAddress: string;
  /** ISO instant. */
  validUntil: string;
  /** Plain text, paragraphs separated by blank lines. */
  terms: string;
};

export type TicketsDocument = {
  admissions: readonly (EventTicket | OfferVoucher)[];
  /** ISO instant the tickets are dated from (the payment): a period already open is « Valable jusqu’au … ». */
  datedAt: string;
};

/** What the holder shows at the door: a ticket (« billet ») to an event, a voucher (« bon ») at the partner's. */
export const ADMISSION_NOTES = {
  ticket: 'Présentez ce billet, imprimé ou sur votre téléphone. Chaque code n’est valable qu’une fois.',
  voucher: 'Présentez ce bon, imprimé ou sur votre téléphone. Chaque code n’est valable qu’une fois.',
} as const satisfies Record<(EventTicket | OfferVoucher)['kind'], string>;

const QR_SIZE = 170;

/** One A4 page per admission, each with its code in clear and as a QR code. */
export async function renderTicketsPdf(document: TicketsDocument): Promise<Buffer> {
  if (document.admissions.length === 0) throw new RangeError('Aucun billet à imprimer.');
  const doc = newDocument(`${BRAND} – billets`);
  for (const admission of document.admissions) {
    await drawAdmission(doc, admission, document.datedAt);
  }
  return toBuffer(doc);
}

async function drawAdmission(
  doc: PDFKit.PDFDocument,
  admission: EventTicket | OfferVoucher,
  datedAt: string,
): Promise<void> {
  const { left, width, text, textAt } = startPage(doc);

  doc.font(FONT_BOLD).fontSize(26).fillColor(BRAND_COLOUR);
  textAt(BRAND, left, doc.page.margins.top);
  doc.font(FONT).fontSize(11).fillColor(MUTED);
  textAt(admission.kind === 'ticket' ? 'E-billet' : 'Bon plan', left, doc.page.margins.top + 8, {
    width,
    align: 'right',
  });
  doc.moveDown(2.5);

  doc.font(FONT_BOLD).fontSize(20).fillColor(INK);
  textAt(admission.kind === 'ticket' ? admission.eventTitle : admission.offerTitle, left, doc.y, { width });
  doc.moveDown(0.5);
  doc.font(FONT).fontSize(13);
  if (admission.kind === 'ticket') {
    text(ticketEventWhen(admission, datedAt), { width });
    text(admission.venueName, { width });
    doc.fillColor(MUTED);
    text(admission.venueAddress, { width });
  } else {
    text(admission.partnerName, { width });
    doc.fillColor(MUTED);
    text(admission.partnerAddress, { width });
    doc.fillColor(INK);
    text(`Valable jusqu’au ${formatValidUntil(admission.validUntil)}`, { width });
  }

  doc.moveDown(1);
  rule(doc);
  doc.moveDown(1);
  doc.font(FONT).fontSize(12).fillColor(INK);
  text(`Titulaire : ${admission.holderName}`, { width });
  text(admission.productTitle, { width });
  text(`Prix payé : ${formatPrice(admission.pricePaid)}`, { width });
  doc.fillColor(MUTED);
  text(`Commande ${admission.orderReference}`, { width });

  doc.moveDown(1.5);
  const qrTop = doc.y;
  doc.image(await qrPng(admission.qrText), left + (width - QR_SIZE) / 2, qrTop, { width: QR_SIZE, height: QR_SIZE });
  doc.font(FONT_MONO).fontSize(15).fillColor(INK);
  textAt(admission.code, left, qrTop + QR_SIZE + 8, { width, align: 'center' });
  doc.moveDown(1);
  doc.font(FONT).fontSize(11).fillColor(INK);
  text(ADMISSION_NOTES[admission.kind], { width, align: 'center' });

  if (admission.kind === 'voucher' && admission.terms.trim() !== '') {
    doc.moveDown(1.5);
    rule(doc);
    doc.moveDown(0.8);
    doc.font(FONT_BOLD).fontSize(10).fillColor(INK);
    text('Conditions', { width });
    doc.font(FONT).fontSize(9).fillColor(MUTED);
    // The terms get whatever room is left, cut with an ellipsis: a second page would split the voucher.
    const room = doc.page.height - doc.page.margins.bottom - doc.y;
    text(admission.terms.trim(), { width, height: Math.max(room, 0), ellipsis: true });
  }
}

function rule(doc: PDFKit.PDFDocument): void {
  const y = doc.y;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
}
