import { uploadAdminOfferVisual } from '@guichet/contracts';
import { data, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { passUploadOn, refusedUpload } from '../../lib/server/upload-stream.server';
import { UploadRefused } from '../../lib/visual-upload-form';
import type { Route } from './+types/offer-upload.route';
import { dealsPath } from './deal-fields';
import { offerIdOf } from './offers.server';

export const meta: Route.MetaFunction = () => [{ title: 'Envoi d’un visuel | Guichet Pro' }];

/** No page of its own: GET goes back to the offer. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(dealsPath(offerIdOf(params)));
}

/**
 * A visual sent from the offer's page (multipart: `file`, `alt`): streamed on to the API (which checks the
 * content, strips the metadata, makes the sizes and adds it last to the offer's visuals, with its audit row).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const offerId = offerIdOf(params);
  const sent = await passUploadOn(request, (upload) =>
    proApiFor(request, context).sendRaw(uploadAdminOfferVisual, { params: { offerId } }, upload),
  );
  if ('refused' in sent) return sent.refused;
  const uploaded = sent.answer;
  if (uploaded.status === 201) throw redirect(`${dealsPath(offerId)}?avis=visuel`);
  if (uploaded.status === 404) throw data(uploaded.body, { status: 404 });
  return refusedUpload(uploaded.status, uploaded.body.message);
}

/** A refused upload: the API's message, and the way back to the offer. */
export default function OfferUploadRefused({ actionData, params }: Route.ComponentProps) {
  return (
    <UploadRefused message={actionData?.message ?? null} back={dealsPath(params.offerId)} label="Revenir au bon plan" />
  );
}
