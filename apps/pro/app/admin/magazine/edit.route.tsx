import {
  type AdminArticle,
  deleteAdminArticle,
  getAdminArticle,
  removeAdminArticleCover,
  setAdminArticleStatus,
} from '@guichet/contracts';
import { EDITORIAL_STATUS_LABELS } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import type { SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { data, Form, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { serverEnv } from '../../lib/server/env.server';
import { VisualUploadForm } from '../../lib/visual-upload-form';
import { adminPath } from '../admin-paths';
import type { Route } from './+types/edit.route';
import { articleAdminPath } from './article-fields';
import { ArticleForm } from './article-form';
import { type ArticleActionAnswer, saveArticleForm } from './magazine.server';

const NOTICES: Record<string, string> = {
  cree: 'Article créé, en brouillon. Relisez-le, puis publiez-le.',
  enregistre: 'Article enregistré.',
  couverture: 'Image de couverture enregistrée. Vérifiez son texte alternatif.',
  sansCouverture: 'Image de couverture retirée.',
  PUBLISHED: 'Article publié : il paraît sur Le Mag à sa date de publication.',
  DRAFT: 'Article dépublié : il n’est plus visible sur le site.',
};

const articleIdOf = (params: { articleId: string }) => {
  const id = Number(params.articleId);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const article = await proApiFor(request, context).loadData(getAdminArticle, {
    params: { articleId: articleIdOf(params) },
  });
  const search = new URL(request.url).searchParams;
  return {
    article,
    notice: NOTICES[search.get('avis') ?? ''] ?? null,
    confirmDelete: search.has('supprimer'),
    // Visuals are files of the public site (the uploads it forwards to the API): shown from there.
    visualBase: serverEnv.SITE_URL,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.article.title ?? 'Article'} | Le Mag | Guichet Pro` },
];

/** The form's values of a saved article. */
function valuesOf(article: AdminArticle): SubmittedValues {
  return {
    title: article.title,
    slug: article.slug,
    summary: article.summary,
    author: article.author,
    category: article.category,
    body: JSON.stringify(article.body),
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
    status: article.status,
    publishedDate: article.publishedAtParis.date,
    publishedTime: article.publishedAtParis.time,
    ticketingIds: article.ticketings.map((choice) => String(choice.id)),
    ticketingIdsChoices: article.ticketings.map((choice) => JSON.stringify(choice)),
    offerIds: article.offers.map((choice) => String(choice.id)),
    offerIdsChoices: article.offers.map((choice) => JSON.stringify(choice)),
  };
}

/** Save or search (the form), publish or unpublish, delete (after its confirmation). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const articleId = articleIdOf(params);
  const api = proApiFor(request, context);
  if (intent === 'status') {
    const status = formData.get('status') === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT';
    const answer = await api.send(setAdminArticleStatus, { params: { articleId }, body: { status } });
    if (answer.status === 200) throw redirect(`${articleAdminPath(articleId)}?avis=${status}`);
    if (answer.status === 404) throw data(answer.body, { status: 404 });
    return data<ArticleActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }
  if (intent === 'removeCover') {
    const answer = await api.send(removeAdminArticleCover, { params: { articleId } });
    if (answer.status === 200) throw redirect(`${articleAdminPath(articleId)}?avis=sansCouverture`);
    if (answer.status === 404) throw data(answer.body, { status: 404 });
    return data<ArticleActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }
  if (intent === 'delete') {
    const answer = await api.send(deleteAdminArticle, { params: { articleId } });
    if (answer.status === 200) throw redirect(`${adminPath('magazine')}?avis=supprime`);
    if (answer.status === 404) throw data(answer.body, { status: 404 });
    return data<ArticleActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }
  return saveArticleForm(request, context, formData, articleId);
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, notice, confirmDelete, visualBase } = loaderData;
  const answer: ArticleActionAnswer | undefined = actionData;
  const here = articleAdminPath(article.id);
  const busyStatus = useSubmitting('status');
  const busyDelete = useSubmitting('delete');
  const state = article.scheduled ? 'Programmé' : EDITORIAL_STATUS_LABELS[article.status];
  return (
    <div className="space-y-6">
      <p>
        <Link to={adminPath('magazine')} className="font-medium underline">
          Le Mag
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{article.title}</h1>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">{state}</span>
      </div>
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}

      <section aria-labelledby="actions-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="actions-title" className="text-lg font-semibold">
          Actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={article.status === 'PUBLISHED' ? 'DRAFT' : 'PUBLISHED'} />
            <Button type="submit" variant="action" loading={busyStatus}>
              {article.status === 'PUBLISHED' ? 'Dépublier' : 'Publier'}
            </Button>
          </Form>
          <Link to="?supprimer" className={buttonClass('tertiary')}>
            Supprimer
          </Link>
        </div>
        {confirmDelete ? (
          <div role="alertdialog" aria-labelledby="delete-text" className="mt-4 rounded-lg border border-slate-300 p-4">
            <p id="delete-text" className="font-medium">
              Supprimer l’article « {article.title} » ? Il disparaît du site, et cela ne peut pas être annulé.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="action" loading={busyDelete}>
                  Confirmer la suppression
                </Button>
              </Form>
              <Link to={here} className={buttonClass('secondary')}>
                Ne rien supprimer
              </Link>
            </div>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="cover-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="cover-title" className="text-lg font-semibold">
          Image de couverture
        </h2>
        {article.visual ? (
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <img
              src={`${visualBase}${article.visual.url}`}
              alt={article.visual.alt}
              width={article.visual.width}
              height={article.visual.height}
              className="h-auto w-48 rounded-lg bg-slate-100 object-cover"
            />
            <Form method="post">
              <input type="hidden" name="intent" value="removeCover" />
              <button type="submit" className={buttonClass('tertiary')}>
                Retirer l’image
              </button>
            </Form>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Aucune image pour l’instant.</p>
        )}
        <VisualUploadForm action={`${here}/couverture`} />
      </section>

      <ArticleForm
        key={article.id}
        values={answer?.reply?.values ?? valuesOf(article)}
        reply={answer?.reply ?? null}
        results={answer?.results ?? null}
        submitLabel="Enregistrer"
      />
    </div>
  );
}
