import { resendProConfirmation } from '@guichet/contracts';
import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data } from 'react-router';
import { emailRules } from '../lib/pro-form-rules';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/resend.route';

export const meta: Route.MetaFunction = () => [{ title: 'Recevoir un nouveau lien de confirmation | Guichet Pro' }];

/**
 * POST /pro/signup/resend: the API answers the same whether the address has an account or not (nothing to
 * learn here about who signed up), and the page says so in the API's words.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, emailRules);
  if (!form.ok) return data({ reply: form.reply, error: null, sent: null }, { status: 400 });
  const answer = await proApiFor(request).send(resendProConfirmation, { body: { email: form.values.email } });
  if (answer.status === 202) return { reply: null, error: null, sent: answer.body.message };
  const { errors, alert } = formFailure(answer.body, ['email']);
  return data(
    { reply: { errors, values: { email: form.values.email } }, error: alert, sent: null },
    { status: answer.status },
  );
}

export default function Resend({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <div className="container-page max-w-md py-10">
      <h1 id="renvoi" className="text-3xl font-bold tracking-tight">
        Recevoir un nouveau lien
      </h1>
      {actionData?.sent ? (
        <FormSuccess className="mt-6">{actionData.sent}</FormSuccess>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            Indiquez l’adresse de votre compte : nous y enverrons un nouveau lien de confirmation, valable 48 heures.
          </p>
          {actionData?.error ? (
            <FormAlert className="mt-6" focus>
              {actionData.error}
            </FormAlert>
          ) : null}
          <ValidatedForm
            rules={emailRules}
            reply={actionData?.reply}
            aria-labelledby="renvoi"
            className="mt-6 grid gap-4"
          >
            <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" />
            <div>
              <Button type="submit" loading={submitting}>
                Renvoyer le lien
              </Button>
            </div>
          </ValidatedForm>
        </>
      )}
    </div>
  );
}
