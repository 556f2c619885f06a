import { setAdminArticleCover } from '@guichet/contracts';
import { data, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { passUploadOn, refusedUpload } from '../../lib/server/upload-stream.server';
import { UploadRefused } from '../../lib/visual-upload-form';
import type { Route } from './+types/cover.route';
import { articleAdminPath } from './article-fields';

export const meta: Route.MetaFunction = () => [{ title: 'Image de couverture | Le Mag | Guichet Pro' }];

/** No page of its own: GET goes back to the article. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(articleAdminPath(params.articleId));
}

/**
 * An article's cover sent from its page (multipart: `file`, `alt`): streamed on to the API (which checks the
 * content, strips the metadata and makes the sizes), never held whole here; the API's 413/415 messages shown.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = Number(params.articleId);
  const articleId = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
  const sent = await passUploadOn(request, (upload) =>
    proApiFor(request, context).sendRaw(setAdminArticleCover, { params: { articleId } }, upload),
  );
  if ('refused' in sent) return sent.refused;
  const answer = sent.answer;
  if (answer.status === 200) throw redirect(`${articleAdminPath(articleId)}?avis=couverture`);
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  return refusedUpload(answer.status, answer.body.message);
}

/** A refused cover: the API's message, and the way back to the article. */
export default function CoverRefused({ actionData, params }: Route.ComponentProps) {
  return (
    <UploadRefused
      message={actionData?.message ?? null}
      back={articleAdminPath(params.articleId)}
      label="Revenir à l’article"
    />
  );
}
