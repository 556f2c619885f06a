import { setAdminArticleCover } from '@guichet/contracts';
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { data, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { limitedStream, UPLOAD_BODY_LIMIT } from '../../lib/server/upload-stream.server';
import { UploadRefused } from '../../lib/visual-upload-form';
import type { Route } from './+types/cover.route';
import { articleAdminPath } from './article-fields';

export const meta: Route.MetaFunction = () => [{ title: 'Image de couverture | Le Mag | Guichet Pro' }];

const refused = (status: number, message: string) => data({ message }, { status });

/** No page of its own: GET goes back to the article. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(articleAdminPath(params.articleId));
}

/**
 * An article's cover sent from its page (multipart: `file`, `alt`): streamed on to the API (which checks the
 * content, strips the metadata and makes the sizes), never held whole here; the API's 413/415 messages shown.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return refused(400, VISUAL_UPLOAD_MESSAGES.notMultipart);
  }
  if (Number(request.headers.get('content-length')) > UPLOAD_BODY_LIMIT) {
    await request.body?.cancel();
    return refused(413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  }
  if (!request.body) return refused(400, VISUAL_UPLOAD_MESSAGES.missing);
  const id = Number(params.articleId);
  const articleId = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
  const limited = limitedStream(request.body, UPLOAD_BODY_LIMIT);
  const answer = await proApiFor(request, context).sendRaw(
    setAdminArticleCover,
    { params: { articleId } },
    { body: limited.stream, contentType, stopped: () => limited.state.tooLarge },
  );
  if (limited.state.tooLarge) return refused(413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  if (answer.status === 200) throw redirect(`${articleAdminPath(articleId)}?avis=couverture`);
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  return refused(answer.status, answer.body.message);
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
