import { getDoorChanges } from '@guichet/contracts';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/changes.route';
import { doorScopeParams, jsonAnswer } from './door-api.server';

/**
 * GET …/changements?since=…&deviceId=…: revocations, other gates' first scans and this phone's conflicts
 * since the last sync. The query goes on as it came; the API checks it against the contract (400 otherwise).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = { since: url.searchParams.get('since') ?? '', deviceId: url.searchParams.get('deviceId') ?? '' };
  return jsonAnswer(await proApiFor(request, context).send(getDoorChanges, { params: doorScopeParams(params), query }));
}
