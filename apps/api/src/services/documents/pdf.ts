import PDFDocument from 'pdfkit';

/**
 * pdfkit's built-in fonts (nothing fetched, nothing embedded) only know WinAnsi: French accents, « », ’
 * and € are in it, but not the narrow no-break space Intl puts in « 39 € » nor the typographic minus.
 * Every string goes through here before it is written.
 */
export function winAnsi(text: string): string {
  return text.replace(/[\u202f\u2009]/g, '\u00a0').replace(/\u2212/g, '-');
}

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const FONT_MONO = 'Courier-Bold';
export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const BRAND_COLOUR = '#b3261e';

export function newDocument(title: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: 50,
    autoFirstPage: false,
    info: { Title: winAnsi(title), Author: 'Guichet', Creator: 'Guichet' },
    lang: 'fr-FR',
  });
}

/** Ends the document and collects its bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * A new page and what drawing on it needs: its left edge, its writable width, and text writers that pass
 * every string through `winAnsi` (the built-in fonts' character set).
 */
export function startPage(doc: PDFKit.PDFDocument) {
  doc.addPage();
  const left = doc.page.margins.left;
  return {
    left,
    width: doc.page.width - left - doc.page.margins.right,
    text: (value: string, options?: PDFKit.Mixins.TextOptions) => doc.text(winAnsi(value), options),
    textAt: (value: string, x: number, y: number, options?: PDFKit.Mixins.TextOptions) =>
      doc.text(winAnsi(value), x, y, options),
  };
}
