import { PRO_PATHS, safeInternalPath } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data, Link, redirect } from 'react-router';
import { loginRules } from '../lib/pro-form-rules';
import { PRO_ACCOUNT_PATHS } from '../lib/pro-paths';
import { proLogin } from '../lib/server/api.server';
import { getProSession } from '../lib/server/session.server';
import type { Route } from './+types/login.route';
import { ResendForm } from './resend-form';

export const meta: Route.MetaFunction = () => [{ title: 'Connexion | Guichet Pro' }];

/** Account pages never worth coming back to once signed in. */
const NOT_AFTER_LOGIN = /^\/(?:connexion|inscription|deconnexion|confirmer|confirmation)(?:[/?#]|$)/;

/**
 * Where to go once signed in: `retour` when it is a path of this site (the domain's safe-path rule, as the
 * public site's redirectAfterLogin), else the home page, which leads to the person's first organiser.
 */
export function afterLoginPath(request: Request): string {
  const back = safeInternalPath(new URL(request.url).searchParams.get('retour'));
  return back === null || NOT_AFTER_LOGIN.test(back) ? PRO_PATHS.home : back;
}

/** A signed-in organiser has nothing to do here. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (getProSession(context).signedIn) throw redirect(afterLoginPath(request));
  return null;
}

/**
 * Checks the fields with the rules the API's schema is built from, then asks the API: the tokens become the
 * session and the organiser goes back where `retour` says. A refusal is said above the form, the e-mail
 * kept; an address not yet confirmed gets the form for a new link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, loginRules, { omitValues: ['password'] });
  if (!form.ok) return data({ reply: form.reply, error: null, unconfirmed: false }, { status: 400 });
  const answer = await proLogin(request, form.values);
  if (answer.status === 200) {
    await getProSession(context).commit(answer.body);
    throw redirect(afterLoginPath(request));
  }
  const { errors, alert } = formFailure(answer.body, ['email', 'password']);
  return data(
    {
      reply: { errors, values: { email: form.values.email } },
      error: alert,
      unconfirmed: answer.body.code === 'EMAIL_NOT_CONFIRMED',
    },
    { status: answer.status },
  );
}

/** The organiser's login: the kit's form, posted and answered by the server (JavaScript optional). */
export default function Login({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const typedEmail = actionData?.reply?.values.email;
  return (
    <div className="container-page max-w-md py-10">
      <h1 id="connexion" className="text-3xl font-bold tracking-tight">
        Connexion à l’espace pro
      </h1>
      {actionData?.error ? (
        <FormAlert className="mt-6" focus>
          {actionData.error}
        </FormAlert>
      ) : null}
      {actionData?.unconfirmed ? (
        <section aria-labelledby="nouveau-lien" className="mt-4 rounded-xl bg-white p-4 shadow-sm">
          <h2 id="nouveau-lien" className="text-lg font-semibold">
            Le lien de confirmation a expiré ?
          </h2>
          <ResendForm email={typeof typedEmail === 'string' ? typedEmail : ''} />
        </section>
      ) : null}
      <ValidatedForm
        rules={loginRules}
        reply={actionData?.reply}
        aria-labelledby="connexion"
        className="mt-8 grid gap-5 rounded-xl bg-white p-6 shadow-sm"
      >
        <TextField name="email" label="Adresse e-mail" type="email" autoComplete="username" />
        <TextField name="password" label="Mot de passe" type="password" autoComplete="current-password" />
        <Button type="submit" loading={submitting} className="w-full">
          Se connecter
        </Button>
      </ValidatedForm>
      <p className="mt-6">
        Pas encore de compte ?{' '}
        <Link to={PRO_PATHS.signup} className="underline">
          Ouvrir une billetterie
        </Link>
      </p>
      <p className="mt-2 text-sm">
        Adresse pas encore confirmée ?{' '}
        <Link to={PRO_ACCOUNT_PATHS.resend} className="underline">
          Recevoir un nouveau lien
        </Link>
      </p>
    </div>
  );
}
