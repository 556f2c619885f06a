import { getDoorPack } from '@guichet/contracts';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/pack.route';
import { doorScopeParams, jsonAnswer } from './door-api.server';

/** GET …/controle/:scopeKind/:scopeId/paquet: the scope's pack (keys, products, tickets), as the API gives it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return jsonAnswer(await proApiFor(request, context).send(getDoorPack, { params: doorScopeParams(params) }));
}
