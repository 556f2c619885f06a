import { getAdminContest, updateAdminContest, uploadAdminContestVisual } from '@guichet/contracts';
import { data, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { passUploadOn, refusedUpload } from '../../lib/server/upload-stream.server';
import { UploadRefused } from '../../lib/visual-upload-form';
import type { Route } from './+types/visual.route';
import { bodyOfContest } from './contest-fields';
import { contestPath } from './contest-paths';

export const meta: Route.MetaFunction = () => [{ title: 'Envoi d’un visuel | Guichet Pro' }];

/** No page of its own: GET goes back to the game. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(contestPath(params.contestId));
}

/**
 * The game's visual sent from its page (multipart: `file`, `alt`): streamed on to the API's upload (checked by
 * its content, as an organiser's visual is), then saved as the game's visual, nothing else changed. A body
 * beyond the limit is refused before it is all read (as the ticketings' upload does).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = Number(params.contestId);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });

  const api = proApiFor(request, context);
  const sent = await passUploadOn(request, (upload) => api.sendRaw(uploadAdminContestVisual, {}, upload));
  if ('refused' in sent) return sent.refused;
  const uploaded = sent.answer;
  if (uploaded.status !== 201) return refusedUpload(uploaded.status, uploaded.body.message);

  const game = await api.loadData(getAdminContest, { params: { id } });
  const saved = await api.send(updateAdminContest, {
    params: { id },
    body: bodyOfContest(game, uploaded.body.visual) as Parameters<
      typeof api.send<typeof updateAdminContest>
    >[1]['body'],
  });
  if (saved.status === 200) throw redirect(`${contestPath(id)}?avis=visuel`);
  return refusedUpload(saved.status, saved.body.message);
}

/** A refused upload: the API's message, and the way back to the game. */
export default function VisualRefused({ actionData, params }: Route.ComponentProps) {
  return (
    <UploadRefused
      message={actionData?.message ?? null}
      back={contestPath(params.contestId)}
      label="Revenir au jeu-concours"
    />
  );
}
