import { countView, PUBLIC_TOKEN_HEADER } from '@guichet/contracts';
import { parseTicketingId } from '@guichet/domain';
import { readFormData } from '@guichet/ui/read-form.server';
import { isCrawler } from '../lib/bot-user-agent';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/ticketing-view.route';
import { viewSource } from './use-ticketing-view';

const noContent = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/**
 * POST /billetterie/{ticketingID}/vue, sent by a ticketing's page once loaded in a browser: the site
 * forwards the view to the API with its public token, which the browser never sees. The root middleware
 * has already refused a post from another site. Whatever happens, the answer is 204: counting a view
 * must never disturb the visit.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const ticketingID = parseTicketingId(params.ticketingID);
  if (ticketingID === null || isCrawler(request.headers.get('user-agent'))) return noContent();
  const source = (await readFormData(request)).get('source');
  // The API down or refusing: the view is lost, the visit goes on.
  await apiFor(request).send(countView, {
    params: { product: 'ticketing', ticketingID },
    headers: { [PUBLIC_TOKEN_HEADER]: serverEnv.PUBLIC_API_TOKEN },
    body: { source: viewSource(typeof source === 'string' ? source : null) },
  });
  return noContent();
}
