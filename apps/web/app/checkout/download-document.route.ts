/**
 * /download/billets.pdf and /download/facture.pdf?order=…[&sig=…]: an order's tickets or invoice, streamed
 * from the API as it writes them, with its file name. The API decides who may have them (the owner's token,
 * sent with the visitor's session, or the e-mail's signature); anything it refuses goes to the /download page,
 * which says why (a 403 page for a link that is not valid).
 */
import { type DocumentKind, getOrderDocument } from '@guichet/contracts';
import { redirect } from 'react-router';
import { apiFor, plainText, unavailableText } from '../lib/server/api.server';
import type { Route } from './+types/download-document.route';
import { downloadPagePath, parseDocumentLink } from './download-links';

const NOT_FOUND_TEXT = 'Document introuvable.';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = parseDocumentLink(url);
  if (!link) return plainText(404, NOT_FOUND_TEXT);
  const kind: DocumentKind = url.pathname.endsWith('/facture.pdf') ? 'invoice' : 'tickets';
  const answer = await apiFor(request, context).download(getOrderDocument, {
    params: { orderID: link.order, kind },
    query: link.sig ? { sig: link.sig } : {},
  });
  if (answer.status === 503) return unavailableText();
  if (answer.status !== 200) throw redirect(downloadPagePath(link));
  const { file } = answer;
  const headers = new Headers({
    'Content-Type': file.headers.get('content-type') ?? 'application/pdf',
    // One person's order: never kept by a shared cache.
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const disposition = file.headers.get('content-disposition');
  if (disposition) headers.set('Content-Disposition', disposition);
  const length = file.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(file.body, { status: 200, headers });
}
