import { scanAtDoor } from '@guichet/contracts';
import { readFormData } from '@guichet/ui/read-form.server';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/scan-online.route';
import { doorScopeParams, jsonAnswer } from './door-api.server';

/**
 * POST …/scan: a code checked by the API itself (a code the pack does not know yet, while online), recorded
 * there with its nonce. The form's fields go on as typed; the API checks them against the contract.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const scope = doorScopeParams(params);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? '');
  const body = { code: field('code'), nonce: field('nonce'), gate: field('gate'), deviceId: field('deviceId') };
  return jsonAnswer(await proApiFor(request, context).send(scanAtDoor, { params: scope, body }));
}
