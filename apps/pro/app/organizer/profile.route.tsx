import { getProOrganizer, updateProOrganizer } from '@guichet/contracts';
import { formatSiret } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import type { SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readForm } from '@guichet/ui/read-form.server';
import { data } from 'react-router';
import { ownerProfileRules, publicProfileRules } from '../lib/pro-form-rules';
import { organizerPath } from '../lib/pro-paths';
import { loadFrom, proApiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { requireProMe } from '../lib/server/pro-me.server';
import type { Route } from './+types/profile.route';
import {
  AddressFields,
  ContactFields,
  IbanField,
  LegalIdentityFields,
  Part,
  PublicProfileFields,
} from './organizer-fields';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Organisation${loaderData ? ` – ${loaderData.organizer.name}` : ''} | Guichet Pro` },
];

/** The profile as the API shows it to this person (403 for a scanner: the French error page). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const answer = await loadFrom(request, context, getProOrganizer, {
    params: { organizerId: Number(params.organizerId) },
  });
  return { organizer: answer.body };
}

/**
 * PATCH /pro/organizers/:organizerId with the fields the person's role may change (the API refuses the rest
 * with 403 all the same): an owner everything, the IBAN only when a new one is typed; a manager the public
 * part. Saved, the page comes back with a notice; refused, the fields keep what was typed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const me = await requireProMe(request, context);
  const owner = me.organizers.some((one) => String(one.id) === params.organizerId && one.role === 'OWNER');
  const rules = owner ? ownerProfileRules : publicProfileRules;
  const form = await readForm(request, rules);
  if (!form.ok) return data({ reply: form.reply, error: null }, { status: 400 });
  const { iban, ...values } = form.values as Record<string, string>;
  const body = { ...values, ...(iban ? { iban } : {}) };
  const answer = await proApiFor(request, context).send(updateProOrganizer, {
    params: { organizerId: Number(params.organizerId) },
    body,
  });
  if (answer.status === 200) {
    throw await redirectWithNotice(
      organizerPath(answer.body.id, 'organisation'),
      'Les informations de l’organisation sont enregistrées.',
      'success',
    );
  }
  const { errors, alert } = formFailure(answer.body, Object.keys(rules));
  const typed: SubmittedValues = { ...values, iban: '' };
  return data({ reply: { errors, values: typed }, error: alert }, { status: answer.status });
}

type Organizer = Route.ComponentProps['loaderData']['organizer'];

/** The saved values as the form's starting point (the IBAN never: a new one is typed to change it). */
function savedValues(organizer: Organizer): SubmittedValues {
  return {
    name: organizer.name,
    city: organizer.city,
    website: organizer.website ?? '',
    legalName: organizer.legalName ?? '',
    siret: organizer.siret ? formatSiret(organizer.siret) : '',
    street: organizer.street ?? '',
    postalCode: organizer.postalCode ?? '',
    country: organizer.country ?? '',
    contactEmail: organizer.contactEmail ?? '',
    contactPhone: organizer.contactPhone ?? '',
    iban: '',
  };
}

/** What a manager sees of the owners' part, read-only: the legal name and SIRET, the masked IBAN. */
function OwnersPart({ organizer }: { organizer: Organizer }) {
  return (
    <section aria-labelledby="partie-proprietaires" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="partie-proprietaires" className="text-lg font-semibold">
        Informations légales et versements
      </h2>
      <p className="mt-2 text-sm text-slate-700">Seul un propriétaire de l’organisation peut les modifier.</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium">Raison sociale</dt>
        <dd>{organizer.legalName ?? '—'}</dd>
        <dt className="font-medium">SIRET</dt>
        <dd>{organizer.siret ? formatSiret(organizer.siret) : '—'}</dd>
        <dt className="font-medium">IBAN</dt>
        <dd className="break-all font-mono">{organizer.maskedIban ?? '—'}</dd>
      </dl>
    </section>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { organizer } = loaderData;
  const owner = organizer.role === 'OWNER';
  const submitting = useSubmitting();
  const reply = actionData?.reply ?? { errors: {}, values: savedValues(organizer) };
  return (
    <>
      <h1 id="organisation" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Organisation
      </h1>
      <p className="mt-2 text-slate-700">
        Ce que les acheteurs voient de {organizer.name}
        {owner ? ', ses informations légales, ses coordonnées et le compte de ses versements.' : '.'}
      </p>
      {actionData?.error ? (
        <FormAlert className="mt-6" focus>
          {actionData.error}
        </FormAlert>
      ) : null}
      <ValidatedForm
        rules={owner ? ownerProfileRules : publicProfileRules}
        reply={reply}
        aria-labelledby="organisation"
        className="mt-6 grid gap-8"
      >
        <Part legend="Profil public">
          <PublicProfileFields />
        </Part>
        {owner ? (
          <>
            <Part legend="Informations légales">
              <LegalIdentityFields />
              <AddressFields />
            </Part>
            <Part legend="Coordonnées">
              <ContactFields />
            </Part>
            <Part legend="Versements">
              <p id="iban-actuel" className="text-slate-700">
                IBAN enregistré : <span className="break-all font-mono">{organizer.maskedIban ?? 'aucun'}</span>
              </p>
              <IbanField
                label="Nouvel IBAN"
                hint="Facultatif : laissez vide pour garder l’IBAN enregistré, ou saisissez le nouveau en entier."
              />
            </Part>
          </>
        ) : null}
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Enregistrer
          </Button>
        </div>
      </ValidatedForm>
      {owner ? null : (
        <div className="mt-8">
          <OwnersPart organizer={organizer} />
        </div>
      )}
    </>
  );
}
