/**
 * What the article pages' actions share: a search of the catalogue (the form comes back with what was typed
 * and the matches to tick) and a save (create or update), validated with the API's own schema first.
 */
import { ArticleInput, createAdminArticle, searchArticleCatalogue, updateAdminArticle } from '@guichet/contracts';
import type { FormReply } from '@guichet/ui/form-validation';
import { data, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { articleAdminPath, errorsOfIssues, one, readArticleForm } from './article-fields';
import type { CatalogueResults } from './article-form';

export type ArticleActionAnswer = { reply?: FormReply; alert?: string; results?: CatalogueResults };

type Context = Parameters<typeof proApiFor>[1];

export async function saveArticleForm(
  request: Request,
  context: Context,
  formData: FormData,
  articleId: number | null,
) {
  const api = proApiFor(request, context);
  const { values, body } = readArticleForm(formData);
  if (String(formData.get('intent')) === 'search') {
    const q = one(values, 'q').trim().slice(0, 100);
    const found = await api.send(searchArticleCatalogue, { query: q ? { q } : {} });
    if (found.status !== 200)
      return data<ArticleActionAnswer>({ reply: { errors: {}, values }, alert: found.body.message });
    return data<ArticleActionAnswer>({ reply: { errors: {}, values }, results: { q, ...found.body } });
  }
  const parsed = ArticleInput.safeParse(body);
  if (!parsed.success) {
    return data<ArticleActionAnswer>(
      { reply: { errors: errorsOfIssues(parsed.error.issues), values }, alert: 'Vérifiez les champs signalés.' },
      { status: 400 },
    );
  }
  const answer =
    articleId === null
      ? await api.send(createAdminArticle, { body: parsed.data })
      : await api.send(updateAdminArticle, { params: { articleId }, body: parsed.data });
  if (answer.status === 200 || answer.status === 201) {
    throw redirect(`${articleAdminPath(answer.body.id)}?avis=${articleId === null ? 'cree' : 'enregistre'}`);
  }
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  const errors = errorsOfIssues(answer.body.issues ?? []);
  if (answer.body.code === 'EDIT_CONFLICT') errors.slug = answer.body.message;
  return data<ArticleActionAnswer>(
    { reply: { errors, values }, alert: answer.body.message },
    { status: answer.status },
  );
}
