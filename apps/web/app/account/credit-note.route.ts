/**
 * /account/orders/:orderID/avoirs/:creditNote: a refund's credit note (avoir) in PDF, streamed from the API
 * with its file name, for the order's owner (the visitor's token goes with the call; the API answers another
 * account's order as not found). Never kept by a shared cache.
 */
import { getCreditNoteDocument } from '@guichet/contracts';
import { requireNumericId } from '../lib/route-params';
import { apiFor, plainText, unavailableText } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import type { Route } from './+types/credit-note.route';

const NOT_FOUND_TEXT = 'Avoir introuvable.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderID = requireNumericId(params.orderID, request);
  const creditNote = requireNumericId(params.creditNote, request);
  await requireUser(request, context);
  const answer = await apiFor(request, context).download(getCreditNoteDocument, {
    params: { orderID, creditNote },
    query: {},
  });
  if (answer.status === 503) return unavailableText();
  if (answer.status !== 200) return plainText(404, NOT_FOUND_TEXT);
  const { file } = answer;
  const headers = new Headers({
    'Content-Type': file.headers.get('content-type') ?? 'application/pdf',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  for (const name of ['content-disposition', 'content-length']) {
    const value = file.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(file.body, { status: 200, headers });
}
