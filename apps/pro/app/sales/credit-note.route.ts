import { CreditNoteParams, getProCreditNote } from '@guichet/contracts';
import { routeParams } from '../lib/server/route-params.server';
import type { Route } from './+types/credit-note.route';
import { streamCsv } from './csv-download.server';

/**
 * « Télécharger l’avoir (PDF) »: the API's credit note passed through as the exports are (its type and file
 * name kept, never cached); the API checks the organiser owns the refund.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return streamCsv(request, context, getProCreditNote, { params: routeParams(CreditNoteParams, params) });
}
