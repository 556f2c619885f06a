import { proSignup } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { CheckboxField, NewPasswordFields, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import type { SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data, Link, redirect } from 'react-router';
import { newOrganizerBody, SECRET_FIELDS, signupRules } from '../lib/pro-form-rules';
import { proApiFor } from '../lib/server/api.server';
import { getProSession } from '../lib/server/session.server';
import { NewOrganizerParts, Part } from '../organizer/organizer-fields';
import type { Route } from './+types/signup.route';
import { CheckYourInbox } from './check-your-inbox';

export const meta: Route.MetaFunction = () => [{ title: 'Ouvrir une billetterie | Guichet Pro' }];

/** Someone already signed in opens one more organiser from the home page instead. */
export function loader({ context }: Route.LoaderArgs) {
  if (getProSession(context).signedIn) throw redirect(PRO_PATHS.home);
  return null;
}

/**
 * Checks the form with the rules the API's schema is built from, then POST /pro/signup: the account and its
 * organiser exist, the confirmation link is on its way (the page says where). A refusal comes back on its
 * fields (the API's issues by their path), what was typed kept — never the passwords.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, signupRules, { omitValues: SECRET_FIELDS });
  if (!form.ok) return data({ reply: form.reply, error: null, emailTaken: false, sent: null }, { status: 400 });
  const { firstname, lastname, email, password } = form.values;
  const answer = await proApiFor(request).send(proSignup, {
    body: {
      user: { firstname, lastname, email, password, acceptTerms: true },
      organizer: newOrganizerBody(form.values),
    },
  });
  if (answer.status === 202) return { reply: null, error: null, emailTaken: false, sent: answer.body.email };
  const { errors, alert } = formFailure(answer.body, Object.keys(signupRules), { EMAIL_TAKEN: 'email' });
  const typed: SubmittedValues = Object.fromEntries(
    Object.entries(form.values).filter(([field]) => !SECRET_FIELDS.includes(field)),
  );
  return data(
    { reply: { errors, values: typed }, error: alert, emailTaken: answer.body.code === 'EMAIL_TAKEN', sent: null },
    { status: answer.status },
  );
}

/** « Ouvrir une billetterie »: the account and its organiser in one form, JavaScript optional. */
export default function Signup({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  if (actionData?.sent) return <CheckYourInbox email={actionData.sent} />;
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 id="inscription" className="text-3xl font-bold tracking-tight">
        Ouvrir une billetterie
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        Votre compte d’organisateur : vous, votre structure, ses coordonnées et le compte bancaire qui recevra vos
        ventes. Vous confirmerez ensuite votre adresse e-mail.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
        <span className="sr-only">astérisque</span>) sont obligatoires.
      </p>
      {actionData?.emailTaken ? (
        <FormAlert className="mt-6" focus>
          Un compte existe déjà avec cette adresse e-mail.{' '}
          <Link to={PRO_PATHS.login} className="underline">
            Connectez-vous à l’espace pro
          </Link>{' '}
          pour y ouvrir votre billetterie.
        </FormAlert>
      ) : actionData?.error ? (
        <FormAlert className="mt-6" focus>
          {actionData.error}
        </FormAlert>
      ) : null}
      <ValidatedForm
        rules={signupRules}
        reply={actionData?.reply}
        aria-labelledby="inscription"
        className="mt-6 grid gap-8"
      >
        <Part legend="Vous">
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField name="firstname" label="Prénom" autoComplete="given-name" />
            <TextField name="lastname" label="Nom" autoComplete="family-name" />
          </div>
          <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" />
          <NewPasswordFields />
        </Part>
        <NewOrganizerParts />
        <CheckboxField name="acceptTerms" label="J’accepte les conditions générales d’utilisation de Guichet Pro" />
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Ouvrir ma billetterie
          </Button>
        </div>
      </ValidatedForm>
      <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
        Déjà inscrit ?{' '}
        <Link to={PRO_PATHS.login} className="font-semibold underline">
          Se connecter
        </Link>
      </p>
    </div>
  );
}
