import {
  createAdminRedirect,
  deleteAdminRedirect,
  getAdminRedirect,
  type RedirectKind,
  RedirectParams,
  updateAdminRedirect,
} from '@guichet/contracts';
import { Button, buttonClass } from '@guichet/ui/button';
import { SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import type { FormReply } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm, readFormData } from '@guichet/ui/read-form.server';
import { data, Form, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { routeParams } from '../../lib/server/route-params.server';
import type { Route } from './+types/edit.route';
import { REDIRECT_KIND_OPTIONS, redirectRules, redirectsPath } from './redirect-form';

/** The redirect of the page, or null on « nouvelle ». */
async function loadRedirect(
  request: Request,
  context: Route.LoaderArgs['context'],
  params: Route.LoaderArgs['params'],
) {
  if (!params.redirectId) return null;
  const { redirectId } = routeParams(RedirectParams, params);
  return proApiFor(request, context).loadData(getAdminRedirect, { params: { redirectId } });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const found = await loadRedirect(request, context, params);
  return { redirect: found, confirmingDelete: found !== null && new URL(request.url).searchParams.has('supprimer') };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.redirect
      ? `Redirection ${loaderData.redirect.source} | Guichet Pro`
      : 'Nouvelle redirection | Guichet Pro',
  },
];

type ActionAnswer = { reply: FormReply | null; alert: string | null };

/**
 * Save (add or edit) or remove. The API refuses loops and chains (REDIRECT_CHAIN, said above the form: its
 * message names both redirects) and a path already redirected (REDIRECT_SOURCE_TAKEN, under « Chemin »).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const api = proApiFor(request, context);
  const redirectId = params.redirectId ? routeParams(RedirectParams, params).redirectId : null;
  if (new URL(request.url).searchParams.has('supprimer')) {
    await readFormData(request);
    if (redirectId === null) throw data(null, { status: 404 });
    const answer = await api.send(deleteAdminRedirect, { params: { redirectId } });
    if (answer.status === 204) throw redirect(redirectsPath('?avis=supprimee'));
    if (answer.status === 404) throw data(answer.body, { status: 404 });
    return data<ActionAnswer>({ reply: null, alert: answer.body.message }, { status: answer.status });
  }
  const form = await readForm(request, redirectRules);
  if (!form.ok) return data<ActionAnswer>({ reply: form.reply, alert: null }, { status: 400 });
  const body = { ...form.values, kind: form.values.kind as RedirectKind };
  const answer =
    redirectId === null
      ? await api.send(createAdminRedirect, { body })
      : await api.send(updateAdminRedirect, { params: { redirectId }, body });
  if (answer.status === 201) throw redirect(redirectsPath('?avis=ajoutee'));
  if (answer.status === 200) throw redirect(redirectsPath('?avis=enregistree'));
  const { errors, alert } = formFailure(answer.body, Object.keys(redirectRules), { REDIRECT_SOURCE_TAKEN: 'source' });
  return data<ActionAnswer>({ reply: { errors, values: form.values }, alert }, { status: answer.status });
}

export default function EditRedirect({ loaderData, actionData }: Route.ComponentProps) {
  const { redirect: saved, confirmingDelete } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const submitting = useSubmitting();
  const here = saved ? redirectsPath(`/${saved.id}`) : redirectsPath('/nouvelle');
  return (
    <div className="max-w-2xl space-y-6">
      <p>
        <Link to={redirectsPath()}>← Redirections</Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">
        {saved ? `Redirection ${saved.source}` : 'Nouvelle redirection'}
      </h1>
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
      {saved && confirmingDelete ? (
        <section aria-labelledby="supprimer-titre" className="space-y-4 rounded-xl border border-red-300 p-4">
          <h2 id="supprimer-titre" className="text-lg font-semibold">
            Supprimer cette redirection ?
          </h2>
          <p>
            <strong>{saved.source}</strong> ne mènera plus à <strong className="break-all">{saved.target}</strong> : le
            site affichera la page de ce chemin, ou « page introuvable ».
          </p>
          <Form method="post" action={`${here}?supprimer`} className="flex flex-wrap gap-3">
            <Button type="submit" loading={submitting}>
              Supprimer
            </Button>
            <Link to={here} className={buttonClass('secondary')}>
              Ne pas supprimer
            </Link>
          </Form>
        </section>
      ) : (
        <ValidatedForm rules={redirectRules} reply={answer?.reply ?? null} action={here} className="space-y-5">
          <TextField
            name="source"
            label="Chemin redirigé"
            required
            rules={redirectRules.source}
            defaultValue={saved?.source ?? ''}
            placeholder="/promo-noel"
            hint="Un chemin du site, commençant par « / », sans « ? » ni « # »."
            autoComplete="off"
          />
          <TextField
            name="target"
            label="Destination"
            required
            rules={redirectRules.target}
            defaultValue={saved?.target ?? ''}
            placeholder="/bons-plans"
            hint="Un chemin du site (« /bons-plans ») ou une adresse complète (« https://… »), qui quitte le site."
            autoComplete="off"
          />
          <SelectField
            name="kind"
            label="Type"
            required
            rules={redirectRules.kind}
            options={REDIRECT_KIND_OPTIONS}
            defaultValue={saved?.kind ?? 'PERMANENT'}
            hint="Permanente : les navigateurs et les moteurs de recherche retiennent la destination. Temporaire : le chemin servira de nouveau."
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={submitting}>
              {saved ? 'Enregistrer' : 'Ajouter'}
            </Button>
            {saved ? (
              <Link to={`${here}?supprimer`} className={buttonClass('secondary')}>
                Supprimer…
              </Link>
            ) : null}
          </div>
        </ValidatedForm>
      )}
    </div>
  );
}
