import { FormAlert } from '@guichet/ui/form-alert';
import { Link } from 'react-router';
import { adminPath } from '../admin-paths';
import type { Route } from './+types/new.route';
import { ArticleForm } from './article-form';
import { type ArticleActionAnswer, saveArticleForm } from './magazine.server';

export const meta: Route.MetaFunction = () => [{ title: 'Nouvel article | Le Mag | Guichet Pro' }];

/** A new article: saved as a draft (publish it from its page), or as set in « Publication ». */
export async function action({ request, context }: Route.ActionArgs) {
  return saveArticleForm(request, context, await request.formData(), null);
}

export default function NewArticle({ actionData }: Route.ComponentProps) {
  const answer: ArticleActionAnswer | undefined = actionData;
  return (
    <div className="space-y-6">
      <p>
        <Link to={adminPath('magazine')} className="font-medium underline">
          Le Mag
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Nouvel article</h1>
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
      <ArticleForm
        values={answer?.reply?.values ?? { author: 'La rédaction' }}
        reply={answer?.reply ?? null}
        results={answer?.results ?? null}
        submitLabel="Enregistrer le brouillon"
      />
    </div>
  );
}
