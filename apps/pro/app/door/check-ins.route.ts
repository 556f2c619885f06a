import { CheckInBatch, sendCheckIns } from '@guichet/contracts';
import { readFormData } from '@guichet/ui/read-form.server';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/check-ins.route';
import { decodeCheckIns } from './check-in-form';
import { doorScopeParams, jsonAnswer, refusal } from './door-api.server';

/**
 * POST …/passages: a batch of check-ins made offline (a form, like every post to this site, behind the root's
 * cross-site door; `passages` in check-in-form.ts's compact lines), handed on to the API as the contract's
 * batch. A batch that breaks the contract is refused here, in French, before the API is asked.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const scope = doorScopeParams(params);
  const form = await readFormData(request);
  const checkIns = decodeCheckIns(String(form.get('passages') ?? ''));
  if (!checkIns) return refusal(400, 'Les passages envoyés sont illisibles.');
  const batch = CheckInBatch.safeParse({ deviceId: form.get('deviceId'), gate: form.get('gate'), checkIns });
  if (!batch.success) return refusal(400, batch.error.issues[0]?.message ?? 'Les passages envoyés sont illisibles.');
  return jsonAnswer(await proApiFor(request, context).send(sendCheckIns, { params: scope, body: batch.data }));
}
