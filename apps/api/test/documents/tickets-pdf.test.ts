import { randomBytes } from 'node:crypto';
import { formatPrice } from '@guichet/domain';
import { encodeTicketQr, TICKET_QR_PREFIX } from '@guichet/domain/door';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTicketCode } from '../../src/services/documents/codes.js';
import { qrPng } from '../../src/services/documents/qr.js';
import { type EventTicket, type OfferVoucher, renderTicketsPdf } from '../../src/services/documents/tickets-pdf.js';
import { type PdfPage, readPdf } from './pdf-reader.js';

const printed = newTicketCode();
/** A signed code's shape (the signature's bytes do not matter to the PDF): what a ticket's QR holds. */
const signed = (ticketId: number) =>
  encodeTicketQr({ kind: 'TICKET', keyId: 1, scopeId: 7, ticketId }, new Uint8Array(randomBytes(64)));

const concert: EventTicket = {
  kind: 'ticket',
  eventTitle: 'Les Nuits de Fourvière : « Carmen »',
  // 20 h in Paris (UTC+1 in March), whatever the machine's time zone.
  startsAt: '2027-03-14T19:00:00.000Z',
  endsAt: '2027-03-14T21:30:00.000Z',
  venueName: 'Théâtre antique',
  venueAddress: '6 rue de l’Antiquaille, 69005 Lyon',
  holderName: 'Élodie Martin',
  productTitle: 'Placement libre, plein tarif',
  pricePaid: 3900,
  orderReference: 'GX-2027-0001',
  code: printed,
  qrText: signed(1),
};

// Above 999 €, Intl groups thousands with a narrow no-break space (U+202F), which WinAnsi lacks.
const patronSeat: EventTicket = {
  ...concert,
  holderName: 'Noël Dupré',
  productTitle: 'Loge mécène',
  pricePaid: 125_050,
  code: newTicketCode(),
  qrText: signed(2),
};

const brunchCode = newTicketCode();
const brunch: OfferVoucher = {
  kind: 'voucher',
  offerTitle: 'Brunch à −20 %',
  partnerName: 'Café Béchamel',
  partnerAddress: '12 quai Saint-Antoine, 69002 Lyon',
  // Midnight in Paris: the last usable day is the 30th.
  validUntil: '2027-06-30T22:00:00.000Z',
  terms: 'Valable le week-end, sur réservation.\n\nUne réduction par personne. '.repeat(60),
  holderName: 'Zoé Lefèvre',
  productTitle: 'Brunch pour deux',
  pricePaid: 1250,
  orderReference: 'GX-2027-0001',
  code: brunchCode,
  // A deal whose partner is no organiser of the pro site: its QR holds the printed code.
  qrText: brunchCode,
};

// An exhibition that runs from Saturday 12 September to Sunday 20 December 2026 (Paris), entry at any hour.
const exhibition: EventTicket = {
  ...concert,
  eventTitle: 'Cités imaginaires',
  startsAt: '2026-09-12T09:00:00.000Z',
  endsAt: '2026-12-20T18:00:00.000Z',
  venueName: 'Palais de la Meuse',
  code: newTicketCode(),
  qrText: signed(4),
};

const admissions = [concert, patronSeat, brunch, exhibition];
/** The tickets were paid for before the exhibition opened. */
const datedAt = '2026-09-01T10:00:00.000Z';
let pages: PdfPage[];

beforeAll(async () => {
  pages = await readPdf(await renderTicketsPdf({ admissions, datedAt }));
});

/** A page's text on one line, spaces of every kind made plain. */
function flat(page: PdfPage | undefined): string {
  return (page?.text ?? '').replace(/\s+/g, ' ');
}

describe('renderTicketsPdf', () => {
  it('prints one page per admission, even with long terms', () => {
    expect(pages).toHaveLength(admissions.length);
  });

  it('prints an event ticket’s title, French date, venue, holder, price and order', () => {
    const text = flat(pages[0]);
    expect(text).toContain('Guichet');
    expect(text).toContain('Les Nuits de Fourvière : « Carmen »');
    expect(text).toContain('Dimanche 14 mars 2027 à 20 h 00');
    expect(text).toContain('Théâtre antique');
    expect(text).toContain('6 rue de l’Antiquaille, 69005 Lyon');
    expect(text).toContain('Titulaire : Élodie Martin');
    expect(text).toContain('Placement libre, plein tarif');
    expect(text).toContain('Prix payé : 39 €');
    expect(text).toContain('Commande GX-2027-0001');
    expect(text).toContain(concert.code);
    expect(text).toContain('Présentez ce billet, imprimé ou sur votre téléphone.');
    expect(flat(pages[1])).toContain('Titulaire : Noël Dupré');
  });

  it('prints an exhibition ticket’s period, never its first day’s hour', async () => {
    const text = flat(pages[3]);
    expect(text).toContain('Valable du samedi 12 septembre au dimanche 20 décembre 2026');
    expect(text).not.toContain('11 h 00');
    // Paid once it had opened: valid until its last day.
    const [open] = await readPdf(await renderTicketsPdf({ admissions: [exhibition], datedAt: '2026-11-26T12:00:00Z' }));
    expect(flat(open)).toContain('Valable jusqu’au dimanche 20 décembre 2026');
  });

  it('prints formatPrice’s narrow no-break space as a space Helvetica has', () => {
    expect(formatPrice(patronSeat.pricePaid)).toContain('\u202f');
    expect(pages[1]?.text).toContain('Prix payé : 1 250,50 €');
    for (const page of pages) expect(page.text).not.toMatch(/[\u202f\ufffd]/);
  });

  it('prints a voucher’s partner, last day, terms, holder and price', () => {
    const text = flat(pages[2]);
    expect(text).toContain('Brunch à -20 %');
    expect(text).toContain('Café Béchamel');
    expect(text).toContain('12 quai Saint-Antoine, 69002 Lyon');
    expect(text).toContain('Valable jusqu’au 30 juin 2027');
    expect(text).toContain('Valable le week-end, sur réservation.');
    expect(text).toContain('Titulaire : Zoé Lefèvre');
    expect(text).toContain('Prix payé : 12,50 €');
    expect(text).toContain(brunch.code);
    expect(text).toContain('Présentez ce bon, imprimé ou sur votre téléphone.');
    expect(text).not.toContain('ce billet');
  });

  it('draws on each page a QR code that reads as that page’s QR text, the printed code below it', () => {
    admissions.forEach((admission, index) => {
      const images = pages[index]?.images ?? [];
      expect(images).toHaveLength(1);
      const [image] = images;
      if (!image) throw new Error('Pas d’image');
      expect(jsQR(image.data, image.width, image.height)?.data).toBe(admission.qrText);
      expect(flat(pages[index])).toContain(admission.code);
    });
    expect(concert.qrText.startsWith(TICKET_QR_PREFIX)).toBe(true);
    expect(flat(pages[0])).not.toContain(TICKET_QR_PREFIX);
  });

  it('embeds the same QR code qrPng draws', async () => {
    const png = PNG.sync.read(await qrPng(concert.qrText));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(concert.qrText);
    expect(pages[0]?.images[0]?.width).toBe(png.width);
  });

  it('refuses to print nothing', async () => {
    await expect(renderTicketsPdf({ admissions: [], datedAt })).rejects.toThrow(RangeError);
  });
});
