/**
 * An order's documents on this site (issue 11): the /download page and its two PDFs. The owner, logged in,
 * needs only the order; the e-mail's signed link adds `sig`. Both sides.
 */
import { parseRowId } from '@guichet/domain';

export type DocumentLink = { order: number; sig?: string | null | undefined };

function query({ order, sig }: DocumentLink): string {
  const params = new URLSearchParams({ order: String(order) });
  if (sig) params.set('sig', sig);
  return params.toString();
}

export const downloadPagePath = (link: DocumentLink) => `/download?${query(link)}`;
export const ticketsPdfPath = (link: DocumentLink) => `/download/billets.pdf?${query(link)}`;
export const invoicePdfPath = (link: DocumentLink) => `/download/facture.pdf?${query(link)}`;

/** The `sig` of an order's signed download path (`/download?order=…&sig=…`), if it has one. */
export function signatureOf(downloadPath: string | null): string | null {
  if (!downloadPath) return null;
  return new URL(downloadPath, 'http://localhost').searchParams.get('sig');
}

const SIG = /^[A-Za-z0-9._~-]{1,200}$/;

/** The order and signature of a download address, or null when they cannot name one. */
export function parseDocumentLink(url: URL): DocumentLink | null {
  const order = parseRowId(url.searchParams.get('order'));
  const sig = url.searchParams.get('sig');
  if (order === null) return null;
  if (sig !== null && !SIG.test(sig)) return null;
  return { order, sig };
}
