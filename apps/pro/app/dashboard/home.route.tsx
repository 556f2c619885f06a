import { createProOrganizer } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { formFailure } from '@guichet/ui/form-failure';
import { readForm } from '@guichet/ui/read-form.server';
import { data, Link, redirect } from 'react-router';
import { newOrganizerBody, newOrganizerRules } from '../lib/pro-form-rules';
import { organizerPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { firstOrganizerHome, requireProMe } from '../lib/server/pro-me.server';
import { getProSession } from '../lib/server/session.server';
import { NewOrganizerForm } from '../organizer/new-organizer-form';
import type { Route } from './+types/home.route';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.signedIn ? 'Votre organisation | Guichet Pro' : 'Tableau de bord | Guichet Pro' },
];

/**
 * Signed in: straight to the first organiser's dashboard; someone who works for none yet (their last role
 * removed) opens one here. Signed out: the welcome, with the ways in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!getProSession(context).signedIn) return { signedIn: false };
  const home = await firstOrganizerHome(request, context);
  if (home) throw redirect(home);
  await requireProMe(request, context);
  return { signedIn: true };
}

/** POST /pro/organizers: the person becomes its owner and lands on its dashboard. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireProMe(request, context);
  const form = await readForm(request, newOrganizerRules);
  if (!form.ok) return data({ reply: form.reply, error: null }, { status: 400 });
  const answer = await proApiFor(request, context).send(createProOrganizer, { body: newOrganizerBody(form.values) });
  if (answer.status === 201) {
    throw await redirectWithNotice(organizerPath(answer.body.id), 'Votre organisation est créée.', 'success');
  }
  const { errors, alert } = formFailure(answer.body, Object.keys(newOrganizerRules));
  return data({ reply: { errors, values: form.values }, error: alert }, { status: answer.status });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.signedIn) {
    return (
      <div className="container-page max-w-3xl py-10">
        <h1 id="nouvel-organisateur" className="text-3xl font-bold tracking-tight">
          Votre organisation
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Vous ne faites partie d’aucun organisateur. Créez le vôtre pour ouvrir une billetterie, ou demandez une
          invitation à l’équipe d’un organisateur.
        </p>
        <NewOrganizerForm
          reply={actionData?.reply}
          error={actionData?.error ?? null}
          labelledBy="nouvel-organisateur"
        />
      </div>
    );
  }
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">Tableau de bord</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Ouvrez une billetterie, fixez vos tarifs et vos quotas, suivez vos ventes : Guichet Pro est l’espace des
        organisateurs.
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <Link to={PRO_PATHS.signup} className="btn btn-primary">
          Ouvrir une billetterie
        </Link>
        <Link to={PRO_PATHS.login} className="btn border-2 border-brand-700 bg-white text-brand-800">
          Se connecter
        </Link>
      </div>
    </div>
  );
}
