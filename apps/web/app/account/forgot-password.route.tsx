import { forgotPassword, resetPassword } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { NewPasswordFields, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import type { FormReply } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data } from 'react-router';
import { forgotPasswordRules, resetPasswordRules } from '../lib/account-form-rules';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { requireGuest } from '../lib/server/guards.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { LOGIN_PATH } from '../lib/session-user';
import type { Route } from './+types/forgot-password.route';

const PASSWORD_CHANGED_MESSAGE = 'Votre mot de passe a été modifié. Vous pouvez vous connecter.';

/** The reset link's token (`?token=`), or null for step 1 (asking for a link). */
function tokenOf(request: Request): string | null {
  const token = new URL(request.url).searchParams.get('token')?.trim();
  return token ? token.slice(0, 200) : null;
}

/** Guest only, like the login page. Step 2 (choose a new password) when the URL carries the link's token. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  return { step: tokenOf(request) ? ('reset' as const) : ('request' as const) };
}

type ActionResult =
  | { step: 'request'; reply: FormReply | null; sent: string | null; error: string | null }
  | { step: 'reset'; reply: FormReply | null; error: string | null; linkInvalid: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const token = tokenOf(request);
  const api = apiFor(request);
  if (!token) {
    const form = await readForm(request, forgotPasswordRules);
    if (!form.ok)
      return data<ActionResult>({ step: 'request', reply: form.reply, sent: null, error: null }, { status: 400 });
    const answer = await api.send(forgotPassword, { body: { email: form.values.email } });
    if (answer.status === 202) {
      // The same answer whether or not the address has an account.
      return data<ActionResult>({ step: 'request', reply: null, sent: answer.body.message, error: null });
    }
    const { errors, alert } = formFailure(answer.body, Object.keys(forgotPasswordRules));
    return data<ActionResult>(
      { step: 'request', reply: { errors, values: { email: form.values.email } }, sent: null, error: alert },
      { status: answer.status },
    );
  }

  const form = await readForm(request, resetPasswordRules, { omitValues: ['password', 'passwordConfirmation'] });
  if (!form.ok)
    return data<ActionResult>({ step: 'reset', reply: form.reply, error: null, linkInvalid: false }, { status: 400 });
  const answer = await api.send(resetPassword, { body: { token, password: form.values.password } });
  if (answer.status === 204) return redirectWithNotice(LOGIN_PATH, PASSWORD_CHANGED_MESSAGE, 'success');
  // A password the API refuses (too common…) is said on its field; a dead link above the form, with a way
  // to ask for a new one.
  const { errors, alert } = formFailure(answer.body, Object.keys(resetPasswordRules));
  const linkInvalid = answer.body.code === 'RESET_LINK_INVALID';
  return data<ActionResult>(
    { step: 'reset', reply: { errors, values: {} }, error: alert, linkInvalid },
    { status: answer.status },
  );
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        {loaderData.step === 'reset' ? (
          <ResetStep result={actionData?.step === 'reset' ? actionData : null} />
        ) : (
          <RequestStep result={actionData?.step === 'request' ? actionData : null} />
        )}
      </div>
    </div>
  );
}

function RequestStep({ result }: { result: Extract<ActionResult, { step: 'request' }> | null }) {
  const submitting = useSubmitting();
  return (
    <>
      <h1 id="mot-de-passe-oublie" className="text-3xl font-bold tracking-tight text-slate-900">
        Mot de passe oublié
      </h1>
      <p className="mt-3 text-slate-700">
        Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe. Il
        est valable 1 heure.
      </p>
      {result?.sent ? <FormSuccess className="mt-6">{result.sent}</FormSuccess> : null}
      {result?.error ? <FormAlert className="mt-6">{result.error}</FormAlert> : null}
      <ValidatedForm
        rules={forgotPasswordRules}
        reply={result?.reply}
        aria-labelledby="mot-de-passe-oublie"
        className="mt-6 grid gap-6"
      >
        <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" />
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Recevoir le lien
          </Button>
        </div>
      </ValidatedForm>
      <p className="mt-8 text-slate-700">
        <AppLink to={LOGIN_PATH} className="font-medium text-brand-700 underline underline-offset-4">
          Retour à la connexion
        </AppLink>
      </p>
    </>
  );
}

function ResetStep({ result }: { result: Extract<ActionResult, { step: 'reset' }> | null }) {
  const submitting = useSubmitting();
  return (
    <>
      <h1 id="nouveau-mot-de-passe" className="text-3xl font-bold tracking-tight text-slate-900">
        Nouveau mot de passe
      </h1>
      <p className="mt-3 text-slate-700">Choisissez le nouveau mot de passe de votre compte.</p>
      {result?.error ? (
        <FormAlert className="mt-6">
          {result.error}{' '}
          {result.linkInvalid ? (
            <AppLink to="/forgot-password" className="font-semibold underline underline-offset-4">
              Demander un nouveau lien
            </AppLink>
          ) : null}
        </FormAlert>
      ) : null}
      <ValidatedForm
        rules={resetPasswordRules}
        reply={result?.reply}
        aria-labelledby="nouveau-mot-de-passe"
        className="mt-6 grid gap-6"
      >
        <NewPasswordFields label="Nouveau mot de passe" />
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Changer mon mot de passe
          </Button>
        </div>
      </ValidatedForm>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, ...args }) =>
  pageMeta(
    {
      title: loaderData?.step === 'reset' ? 'Nouveau mot de passe' : 'Mot de passe oublié',
      description: 'Recevez un lien pour choisir un nouveau mot de passe.',
      robots: 'noindex',
      // The reset link's token never goes into a canonical URL.
      path: '/forgot-password',
    },
    args,
  );
