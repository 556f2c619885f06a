import { acceptTeamInvitation } from '@guichet/contracts';
import { ACCOUNT_FIELDS, rule } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { CheckboxField, NewPasswordFields, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm, readFormData } from '@guichet/ui/read-form.server';
import { data, Form, Link } from 'react-router';
import { SECRET_FIELDS } from '../lib/pro-form-rules';
import { organizerPath } from '../lib/pro-paths';
import { loginPathBack, proApiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { signedInPerson } from '../lib/server/pro-me.server';
import { getProSession } from '../lib/server/session.server';
import type { Route } from './+types/invitation.route';

export const meta: Route.MetaFunction = () => [{ title: 'Invitation à une équipe | Guichet Pro' }];

/** Someone invited without an account creates it here (its address is the invitation's). */
const invitedAccountRules = {
  firstname: ACCOUNT_FIELDS.name.rules,
  lastname: ACCOUNT_FIELDS.name.rules,
  password: ACCOUNT_FIELDS.newPassword.rules,
  passwordConfirmation: [rule.required(), rule.sameAs('password')],
  acceptTerms: [rule.checked()],
};

/** The invitation's link (/invitation?jeton=…): signed in, one click; else the account form or the login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('jeton') ?? '';
  const person = await signedInPerson(request, context);
  return { token, person, loginPath: loginPathBack(request) };
}

/**
 * POST /pro/invitations/accept: signed in, with the session's token (the API checks the address matches);
 * else with the new account (the API opens its session). Accepted, the person lands on the organiser's
 * dashboard; refused, the API's words (another address, an expired link, an address with an account).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('jeton') ?? '';
  const session = getProSession(context);
  const api = proApiFor(request, context);
  let answer: Awaited<ReturnType<typeof api.send<typeof acceptTeamInvitation>>>;
  if (session.signedIn) {
    await readFormData(request);
    answer = await api.send(acceptTeamInvitation, { body: { token } });
  } else {
    const form = await readForm(request, invitedAccountRules, { omitValues: SECRET_FIELDS });
    if (!form.ok) return data({ reply: form.reply, error: null }, { status: 400 });
    const { firstname, lastname, password } = form.values;
    answer = await api.send(acceptTeamInvitation, {
      body: { token, account: { firstname, lastname, password, acceptTerms: true } },
    });
    if (answer.status !== 200) {
      const { errors, alert } = formFailure(answer.body, Object.keys(invitedAccountRules));
      return data({ reply: { errors, values: { firstname, lastname } }, error: alert }, { status: answer.status });
    }
  }
  if (answer.status !== 200) return data({ reply: null, error: answer.body.message }, { status: answer.status });
  if (answer.body.tokens) await session.commit(answer.body.tokens);
  throw await redirectWithNotice(
    organizerPath(answer.body.organizer.id),
    `Bienvenue dans l’équipe de ${answer.body.organizer.name}.`,
    'success',
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { person, loginPath } = loaderData;
  const submitting = useSubmitting();
  return (
    <div className="container-page max-w-xl py-10">
      <h1 id="invitation" className="text-3xl font-bold tracking-tight">
        Rejoindre une équipe
      </h1>
      {actionData?.error ? (
        <FormAlert className="mt-6" focus>
          {actionData.error}
        </FormAlert>
      ) : null}
      {person ? (
        <>
          <p className="mt-4 text-lg text-slate-700">
            Vous êtes connecté·e en tant que {person.firstname} {person.lastname}. Acceptez l’invitation pour rejoindre
            l’équipe de l’organisateur.
          </p>
          <Form method="post" className="mt-6">
            <Button type="submit" loading={submitting}>
              Accepter l’invitation
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-4 text-lg text-slate-700">
            Vous avez déjà un compte sur l’espace pro ?{' '}
            <Link to={loginPath} className="font-semibold underline">
              Connectez-vous
            </Link>{' '}
            pour accepter l’invitation. Sinon, créez votre compte : son adresse sera celle de l’invitation.
          </p>
          <ValidatedForm
            rules={invitedAccountRules}
            reply={actionData?.reply}
            aria-labelledby="invitation"
            className="mt-6 grid gap-6"
          >
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField name="firstname" label="Prénom" autoComplete="given-name" />
              <TextField name="lastname" label="Nom" autoComplete="family-name" />
            </div>
            <NewPasswordFields />
            <CheckboxField name="acceptTerms" label="J’accepte les conditions générales d’utilisation de Guichet Pro" />
            <div>
              <Button type="submit" loading={submitting}>
                Créer mon compte et rejoindre l’équipe
              </Button>
            </div>
          </ValidatedForm>
        </>
      )}
    </div>
  );
}
