import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { emailRules } from '../lib/pro-form-rules';
import { PRO_ACCOUNT_PATHS } from '../lib/pro-paths';

/**
 * « Renvoyer le lien »: posts to the resend page, which answers in the API's words (an expired confirmation
 * link, a login refused for an unconfirmed address, the sign-up's « Vérifiez votre boîte e-mail »).
 */
export function ResendForm({ email = '' }: { email?: string }) {
  const submitting = useSubmitting();
  return (
    <ValidatedForm
      rules={emailRules}
      action={PRO_ACCOUNT_PATHS.resend}
      aria-label="Recevoir un nouveau lien de confirmation"
      className="mt-6 grid gap-4"
    >
      <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" defaultValue={email} />
      <div>
        <Button type="submit" variant="secondary" loading={submitting}>
          Renvoyer le lien
        </Button>
      </div>
    </ValidatedForm>
  );
}
