import { registerAccount } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { CheckboxField, NewPasswordFields, PhoneField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import type { SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data } from 'react-router';
import { adoptAccountCart } from '../cart/cart.server';
import { PHONE_HINT, registerRules } from '../lib/account-form-rules';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { redirectAfterLogin, requireGuest } from '../lib/server/guards.server';
import { getSession } from '../lib/server/session.server';
import type { Route } from './+types/register.route';

const SECRET_FIELDS = ['password', 'passwordConfirmation'];

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const form = await readForm(request, registerRules, { omitValues: SECRET_FIELDS });
  if (!form.ok) return data({ reply: form.reply, error: null }, { status: 400 });

  const { firstname, lastname, email, phone, password } = form.values;
  const answer = await apiFor(request).send(registerAccount, {
    query: { form: 'user' },
    body: { user: { firstname, lastname, email, password, phone: phone.trim() || null, acceptTerms: true } },
  });
  if (answer.status === 201) {
    const session = getSession(context);
    await session.commit(answer.body);
    const cartCookies = session.user ? await adoptAccountCart(request, context, session.user.id) : [];
    return redirectAfterLogin(request, cartCookies);
  }
  // What was typed comes back (never the passwords); an address already taken is said on its field.
  const { errors, alert } = formFailure(answer.body, Object.keys(registerRules), { EMAIL_TAKEN: 'email' });
  const typed: SubmittedValues = { firstname, lastname, email, phone, acceptTerms: form.values.acceptTerms };
  return data({ reply: { errors, values: typed }, error: alert }, { status: answer.status });
}

export default function Register({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <>
      <h1 id="inscription" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Créer un compte
      </h1>
      <p className="mt-3 text-slate-700">
        Un compte pour acheter vos billets, les retrouver à tout moment et suivre vos commandes.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
        <span className="sr-only">astérisque</span>) sont obligatoires.
      </p>
      {actionData?.error ? <FormAlert className="mt-6">{actionData.error}</FormAlert> : null}
      <ValidatedForm
        rules={registerRules}
        reply={actionData?.reply}
        aria-labelledby="inscription"
        className="mt-6 grid gap-6"
      >
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="firstname" label="Prénom" autoComplete="given-name" />
          <TextField name="lastname" label="Nom" autoComplete="family-name" />
        </div>
        <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" />
        <PhoneField hint={PHONE_HINT} />
        <NewPasswordFields />
        <CheckboxField name="acceptTerms" label="J'accepte les conditions générales de vente" />
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Créer mon compte
          </Button>
        </div>
      </ValidatedForm>
      <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
        Déjà un compte ?{' '}
        <AppLink to="/auth/login" className="font-semibold text-brand-700 underline underline-offset-4">
          Se connecter
        </AppLink>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Créer un compte',
      description: 'Créez votre compte Guichet pour acheter vos billets et suivre vos commandes.',
      robots: 'noindex',
    },
    args,
  );
