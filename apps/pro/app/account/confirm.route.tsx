import { confirmProEmail } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { FormAlert } from '@guichet/ui/form-alert';
import { data } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { firstOrganizerHome } from '../lib/server/pro-me.server';
import { getProSession } from '../lib/server/session.server';
import type { Route } from './+types/confirm.route';
import { ResendForm } from './resend-form';

export const meta: Route.MetaFunction = () => [{ title: 'Confirmation de votre adresse | Guichet Pro' }];

/**
 * The link of the confirmation e-mail (/confirmer?jeton=…): POST /pro/signup/confirm with its token; the
 * tokens it answers become the pro session and the person lands on their new organiser's dashboard, told
 * their address is confirmed. A used or expired link says so, with a form for a new one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('jeton') ?? '';
  const answer = await proApiFor(request).send(confirmProEmail, { body: { token } });
  if (answer.status === 200) {
    await getProSession(context).commit(answer.body);
    const home = (await firstOrganizerHome(request, context)) ?? PRO_PATHS.home;
    throw await redirectWithNotice(home, 'Votre adresse e-mail est confirmée : bienvenue sur Guichet Pro.', 'success');
  }
  return data({ error: answer.body.message }, { status: answer.status });
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-md py-10">
      <h1 className="text-3xl font-bold tracking-tight">Confirmation de votre adresse</h1>
      <FormAlert className="mt-6">{loaderData.error}</FormAlert>
      <ResendForm />
    </div>
  );
}
