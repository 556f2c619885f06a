import { updateProTicketing, uploadVisual } from '@guichet/contracts';
import { data, redirect } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { passUploadOn, refusedUpload } from '../lib/server/upload-stream.server';
import { UploadRefused } from '../lib/visual-upload-form';
import type { Route } from './+types/upload.route';
import { bodyOfTicketing } from './ticketing-fields';
import { ticketingPath } from './ticketing-paths';
import { loadTicketing, organizerParamsOf, ticketingParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = () => [{ title: 'Envoi d’un visuel | Guichet Pro' }];

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
  const api = proApiFor(request, context);
  const sent = await passUploadOn(request, (upload) =>
    api.sendRaw(uploadVisual, { params: organizerParamsOf(params) }, upload),
  );
  if ('refused' in sent) return sent.refused;
  const uploaded = sent.answer;
  if (uploaded.status !== 201) {
    if (uploaded.status === 404) throw data(uploaded.body, { status: 404 });
    return refusedUpload(uploaded.status, uploaded.body.message);
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
  return refusedUpload(saved.status, saved.body.message);
}

/** A refused upload: the API's message, and the way back to the ticketing. */
export default function UploadRefusedPage({ actionData, params }: Route.ComponentProps) {
  return (
    <UploadRefused
      message={actionData?.message ?? null}
      back={ticketingPath(params.organizerId, params.ticketingId)}
      label="Revenir à la billetterie"
    />
  );
}
