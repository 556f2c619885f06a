import { login } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data } from 'react-router';
import { adoptAccountCart } from '../cart/cart.server';
import { loginRules } from '../lib/account-form-rules';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { redirectAfterLogin, requireGuest } from '../lib/server/guards.server';
import { getSession } from '../lib/server/session.server';
import type { Route } from './+types/login.route';

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const form = await readForm(request, loginRules, { omitValues: ['password'] });
  if (!form.ok) return data({ reply: form.reply, error: null, attempt: crypto.randomUUID() }, { status: 400 });

  // apiFor forwards the visitor's address: the API throttles failed logins per visitor.
  const answer = await apiFor(request).send(login, {
    body: { email: form.values.email, password: form.values.password },
  });
  if (answer.status === 200) {
    const session = getSession(context);
    await session.commit(answer.body);
    const cartCookies = session.user ? await adoptAccountCart(request, context, session.user.id) : [];
    return redirectAfterLogin(request, cartCookies);
  }
  // Wrong credentials, too many attempts, an unreachable service: one message above the form, what was
  // typed comes back (never the password).
  const { errors, alert } = formFailure(answer.body, Object.keys(loginRules));
  return data(
    { reply: { errors, values: { email: form.values.email } }, error: alert, attempt: crypto.randomUUID() },
    { status: answer.status },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <>
      <h1 id="connexion" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Connexion
      </h1>
      <p className="mt-3 text-slate-700">Retrouvez vos billets, vos commandes et vos informations.</p>
      {actionData?.error ? (
        <FormAlert key={actionData.attempt} focus className="mt-6">
          {actionData.error}
        </FormAlert>
      ) : null}
      <ValidatedForm
        rules={loginRules}
        reply={actionData?.reply}
        aria-labelledby="connexion"
        className="mt-6 grid gap-6"
      >
        <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" />
        <div>
          {/* A new field after each refused attempt: the password never stays in the page. */}
          <TextField
            key={actionData?.attempt ?? 'first'}
            name="password"
            label="Mot de passe"
            type="password"
            autoComplete="current-password"
          />
          <p className="mt-2 text-sm">
            <AppLink to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-4">
              Mot de passe oublié ?
            </AppLink>
          </p>
        </div>
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Se connecter
          </Button>
        </div>
      </ValidatedForm>
      <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
        Pas encore de compte ?{' '}
        <AppLink to="/auth/register" className="font-semibold text-brand-700 underline underline-offset-4">
          Créer un compte
        </AppLink>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Connexion',
      description: 'Connectez-vous à votre compte Guichet pour retrouver vos billets et vos commandes.',
      robots: 'noindex',
    },
    args,
  );
