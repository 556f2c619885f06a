import { uploadAdminOfferVisual } from '@guichet/contracts';
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { FormAlert } from '@guichet/ui/form-alert';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { limitedStream, UPLOAD_BODY_LIMIT } from '../../lib/server/upload-stream.server';
import type { Route } from './+types/offer-upload.route';
import { dealsPath } from './deal-fields';
import { offerIdOf } from './offers.server';

export const meta: Route.MetaFunction = () => [{ title: 'Envoi d’un visuel | Guichet Pro' }];

const refused = (status: number, message: string) => data({ message }, { status });

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
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return refused(400, VISUAL_UPLOAD_MESSAGES.notMultipart);
  }
  if (Number(request.headers.get('content-length')) > UPLOAD_BODY_LIMIT) {
    await request.body?.cancel();
    return refused(413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  }
  if (!request.body) return refused(400, VISUAL_UPLOAD_MESSAGES.missing);
  const limited = limitedStream(request.body, UPLOAD_BODY_LIMIT);
  const uploaded = await proApiFor(request, context).sendRaw(
    uploadAdminOfferVisual,
    { params: { offerId } },
    { body: limited.stream, contentType, stopped: () => limited.state.tooLarge },
  );
  if (limited.state.tooLarge) return refused(413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  if (uploaded.status === 201) throw redirect(`${dealsPath(offerId)}?avis=visuel`);
  if (uploaded.status === 404) throw data(uploaded.body, { status: 404 });
  return refused(uploaded.status, uploaded.body.message);
}

/** A refused upload: the API's message, and the way back to the offer. */
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
        <Link to={dealsPath(params.offerId)} className="font-semibold underline">
          Revenir au bon plan
        </Link>{' '}
        pour choisir une autre image.
      </p>
    </>
  );
}
