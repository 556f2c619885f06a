import { updateProTicketing, uploadVisual } from '@guichet/contracts';
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { FormAlert } from '@guichet/ui/form-alert';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { limitedStream, UPLOAD_BODY_LIMIT } from '../lib/upload-stream';
import type { Route } from './+types/upload.route';
import { bodyOfTicketing } from './ticketing-fields';
import { ticketingPath } from './ticketing-paths';
import { loadTicketing, organizerParamsOf, ticketingParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = () => [{ title: 'Envoi d’un visuel | Guichet Pro' }];

export { UPLOAD_BODY_LIMIT };

const refused = (status: number, message: string) => data({ message }, { status });

/** No page of its own: GET goes back to the ticketing. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(ticketingPath(params.organizerId, params.ticketingId));
}

/**
 * A visual sent from the ticketing's page (multipart: `file`, `alt`): streamed on to the API's upload
 * (which checks the content, strips the metadata and makes the sizes), then added last to the ticketing's
 * visuals. A body announced or found beyond the limit is refused before it is all read; the API's 413/415
 * messages are shown as they are.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return refused(400, VISUAL_UPLOAD_MESSAGES.notMultipart);
  }
  const declared = Number(request.headers.get('content-length'));
  if (declared > UPLOAD_BODY_LIMIT) {
    await request.body?.cancel();
    return refused(413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  }
  if (!request.body) return refused(400, VISUAL_UPLOAD_MESSAGES.missing);

  const api = proApiFor(request, context);
  const limited = limitedStream(request.body, UPLOAD_BODY_LIMIT);
  const uploaded = await api.sendRaw(
    uploadVisual,
    { params: organizerParamsOf(params) },
    { body: limited.stream, contentType, stopped: () => limited.state.tooLarge },
  );
  if (limited.state.tooLarge) return refused(413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  if (uploaded.status !== 201) {
    if (uploaded.status === 404) throw data(uploaded.body, { status: 404 });
    return refused(uploaded.status, uploaded.body.message);
  }

  // Read just now, so the visual is added to the ticketing as saved (its version) and nothing else changes.
  const ticketing = await loadTicketing(request, context, params);
  const visuals = [
    ...ticketing.visuals.map((visual) => ({ url: visual.url, alt: visual.alt })),
    { uploadId: uploaded.body.id, alt: uploaded.body.visual.alt },
  ];
  const saved = await api.send(updateProTicketing, {
    params: ticketingParamsOf(params),
    body: bodyOfTicketing(ticketing, visuals),
  });
  if (saved.status === 200) throw redirect(`${ticketingPath(params.organizerId, params.ticketingId)}?avis=visuel`);
  return refused(saved.status, saved.body.message);
}

/** A refused upload: the API's message, and the way back to the ticketing. */
export default function UploadRefused({ actionData, params }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Le visuel n’a pas été ajouté</h1>
      {actionData ? (
        <FormAlert focus className="mt-5">
          {actionData.message}
        </FormAlert>
      ) : null}
      <p className="mt-5">
        <Link to={ticketingPath(params.organizerId, params.ticketingId)} className="font-semibold underline">
          Revenir à la billetterie
        </Link>{' '}
        pour choisir une autre image.
      </p>
    </>
  );
}
