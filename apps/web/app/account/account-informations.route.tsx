import { type Account, changePassword, type ErrorAnswer, getAccount, updateAccount } from '@guichet/contracts';
import { PHONE_DIGITS } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { NewPasswordFields, PhoneField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { type FormReply, parseForm, type SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readFormData } from '@guichet/ui/read-form.server';
import type { ReactNode } from 'react';
import { data } from 'react-router';
import { BillingAddressFields } from '../checkout/billing-address-fields';
import { addressRules, identityRules, PHONE_HINT, passwordChangeRules } from '../lib/account-form-rules';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { getSession } from '../lib/server/session.server';
import type { Route } from './+types/account-informations.route';

const SAVED_MESSAGE = 'Vos informations ont été enregistrées.';
const PASSWORD_CHANGED_MESSAGE = 'Votre mot de passe a été modifié.';
const PAGE = '/account/informations';

const INTENTS = ['identity', 'address', 'password'] as const;
type Intent = (typeof INTENTS)[number];

const RULES_OF = { identity: identityRules, address: addressRules, password: passwordChangeRules } as const;

/** Refusals that belong to one field of the forms, whatever their wording. */
const FIELD_OF_CODE = {
  WRONG_CURRENT_PASSWORD: 'currentPassword',
  CURRENT_PASSWORD_NEEDED: 'currentPassword',
  SAME_PASSWORD: 'newPassword',
  EMAIL_TAKEN: 'email',
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { account: await apiFor(request, context).loadData(getAccount, { params: { id: user.id } }) };
}

type ActionResult = { intent: Intent; reply: FormReply | null; error: string | null };

/** One action, three forms: the hidden `intent` says which one was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const api = apiFor(request, context);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  /** A refusal of the API, on the form's fields or above them; `values` is what the form shows again. */
  const refused = (kind: Intent, answer: { status: number; body: ErrorAnswer }, values: SubmittedValues) => {
    const { errors, alert } = formFailure(answer.body, Object.keys(RULES_OF[kind]), FIELD_OF_CODE);
    return data<ActionResult>({ intent: kind, reply: { errors, values }, error: alert }, { status: answer.status });
  };

  if (intent === 'identity') {
    const form = parseForm(formData, identityRules);
    if (!form.ok) return data<ActionResult>({ intent, reply: form.reply, error: null }, { status: 400 });
    const { firstname, lastname, phone } = form.values;
    const answer = await api.send(updateAccount, {
      params: { id: user.id },
      // An empty phone removes it.
      body: { firstname, lastname, phone: phone.trim() || null },
    });
    if (answer.status === 200) return redirectWithNotice(PAGE, SAVED_MESSAGE, 'success');
    return refused(intent, answer, form.values);
  }

  if (intent === 'address') {
    const form = parseForm(formData, addressRules);
    if (!form.ok) return data<ActionResult>({ intent, reply: form.reply, error: null }, { status: 400 });
    const { street, postalCode, city, country } = form.values;
    const answer = await api.send(updateAccount, {
      params: { id: user.id },
      body: { facturationAddress: { street, postalCode: postalCode.replace(/\s/g, ''), city, country } },
    });
    if (answer.status === 200) return redirectWithNotice(PAGE, SAVED_MESSAGE, 'success');
    return refused(intent, answer, form.values);
  }

  if (intent === 'password') {
    const secrets = ['currentPassword', 'newPassword', 'newPasswordConfirmation'];
    const form = parseForm(formData, passwordChangeRules, { omitValues: secrets });
    if (!form.ok) return data<ActionResult>({ intent, reply: form.reply, error: null }, { status: 400 });
    const answer = await api.send(changePassword, {
      params: { id: user.id },
      body: { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
    });
    if (answer.status === 200) {
      // Every other session has ended; this one goes on with the new pair.
      await getSession(context).commit(answer.body);
      return redirectWithNotice(PAGE, PASSWORD_CHANGED_MESSAGE, 'success');
    }
    // Passwords never come back to the page; 429 (too many wrong passwords) is said above the form.
    return refused(intent, answer, {});
  }

  throw data('Formulaire inconnu.', { status: 400 });
}

/** « 06 12 34 56 78 » for a stored « 0612345678 » (the mask's own format, before JavaScript too). */
function phoneForField(phone: string | null): string {
  if (!phone) return '';
  return phone.length === PHONE_DIGITS ? phone.replace(/(\d{2})(?=\d)/g, '$1 ') : phone;
}

export default function AccountInformations({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData : null);
  return (
    <div className="space-y-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Mes informations</h1>
        <p className="text-slate-700">
          Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
          <span className="sr-only">astérisque</span>) sont obligatoires.
        </p>
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <IdentityForm account={account} result={resultFor('identity')} />
        <AddressForm account={account} result={resultFor('address')} />
        <PasswordForm email={account.email} result={resultFor('password')} />
      </div>
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-5 sm:p-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function IdentityForm({ account, result }: { account: Account; result: ActionResult | null }) {
  const submitting = useSubmitting('identity');
  return (
    <Panel id="identite" title="Identité">
      {result?.error ? <FormAlert className="mt-4">{result.error}</FormAlert> : null}
      <ValidatedForm rules={identityRules} reply={result?.reply} aria-labelledby="identite" className="mt-6 grid gap-6">
        <input type="hidden" name="intent" value="identity" />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="firstname" label="Prénom" autoComplete="given-name" defaultValue={account.firstname} />
          <TextField name="lastname" label="Nom" autoComplete="family-name" defaultValue={account.lastname} />
        </div>
        <div>
          <p className="font-semibold text-slate-900">Adresse e-mail</p>
          <p className="mt-1.5 break-all text-slate-700">{account.email}</p>
        </div>
        <PhoneField defaultValue={phoneForField(account.phone)} hint={PHONE_HINT} />
        <div>
          <Button type="submit" loading={submitting}>
            Enregistrer mon identité
          </Button>
        </div>
      </ValidatedForm>
    </Panel>
  );
}

function AddressForm({ account, result }: { account: Account; result: ActionResult | null }) {
  const submitting = useSubmitting('address');
  const address = account.facturationAddress;
  return (
    <Panel id="facturation" title="Adresse de facturation">
      {result?.error ? <FormAlert className="mt-4">{result.error}</FormAlert> : null}
      <ValidatedForm
        rules={addressRules}
        reply={result?.reply}
        aria-labelledby="facturation"
        className="mt-6 grid gap-6"
      >
        <input type="hidden" name="intent" value="address" />
        <BillingAddressFields address={address} />
        <div>
          <Button type="submit" loading={submitting}>
            Enregistrer mon adresse
          </Button>
        </div>
      </ValidatedForm>
    </Panel>
  );
}

function PasswordForm({ email, result }: { email: string; result: ActionResult | null }) {
  const submitting = useSubmitting('password');
  return (
    <Panel id="mot-de-passe" title="Mot de passe">
      {result?.error ? <FormAlert className="mt-4">{result.error}</FormAlert> : null}
      <ValidatedForm
        rules={passwordChangeRules}
        reply={result?.reply}
        aria-labelledby="mot-de-passe"
        className="mt-6 grid gap-6"
      >
        <input type="hidden" name="intent" value="password" />
        {/* The account's address, for password managers: they file the new password under it. */}
        <input type="text" name="username" autoComplete="username" defaultValue={email} readOnly hidden />
        <TextField name="currentPassword" label="Mot de passe actuel" type="password" autoComplete="current-password" />
        <NewPasswordFields
          name="newPassword"
          label="Nouveau mot de passe"
          confirmationLabel="Confirmation du nouveau mot de passe"
        />
        <div>
          <Button type="submit" loading={submitting}>
            Changer mon mot de passe
          </Button>
        </div>
      </ValidatedForm>
    </Panel>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mes informations', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
