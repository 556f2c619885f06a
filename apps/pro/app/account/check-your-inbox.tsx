import { Button } from '@guichet/ui/button';
import { Form } from 'react-router';
import { PRO_ACCOUNT_PATHS } from '../lib/pro-paths';

/** After the sign-up: where the confirmation link went, and a way to have it sent again. */
export function CheckYourInbox({ email }: { email: string }) {
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">Vérifiez votre boîte e-mail</h1>
      <p className="mt-4 text-lg text-slate-700">
        Votre billetterie est ouverte. Pour l’utiliser, confirmez votre adresse avec le lien que nous venons d’envoyer à{' '}
        <strong className="break-all">{email}</strong> ; il est valable 48 heures.
      </p>
      <p className="mt-4 text-slate-700">Rien reçu ? Regardez dans les indésirables, ou demandez un nouveau lien.</p>
      <Form method="post" action={PRO_ACCOUNT_PATHS.resend} className="mt-6">
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="secondary">
          Renvoyer le lien
        </Button>
      </Form>
    </div>
  );
}
