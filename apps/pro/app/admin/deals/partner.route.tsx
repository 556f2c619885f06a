import { createAdminPartner, getAdminPartner, PartnerBody, updateAdminPartner } from '@guichet/contracts';
import { FormAlert } from '@guichet/ui/form-alert';
import type { FormReply } from '@guichet/ui/form-validation';
import { valuesFromFormData } from '@guichet/ui/form-validation';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import type { Route } from './+types/partner.route';
import { errorsOfIssues, partnerBodyOf, partnersPath, valuesOfPartner } from './deal-fields';
import { PartnerForm } from './partner-form';

/** /admin/partenaires/nouveau (no id) or /admin/partenaires/:partnerId. */
const idOf = (params: { partnerId?: string }) => (params.partnerId ? Number(params.partnerId) : null);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params);
  if (id === null) return { partner: null };
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const partner = await proApiFor(request, context).loadData(getAdminPartner, { params: { partnerId: id } });
  return { partner };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.partner?.name ?? 'Nouveau partenaire'} | Guichet Pro` },
];

type ActionAnswer = { reply: FormReply; alert?: string };

/** Creates or saves the partner: the API's schema first (its French messages), then the API. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const values = valuesFromFormData(await request.formData());
  const body = partnerBodyOf(values);
  const parsed = PartnerBody.safeParse(body);
  if (!parsed.success) {
    return data<ActionAnswer>({ reply: { errors: errorsOfIssues(parsed.error.issues), values } }, { status: 400 });
  }
  const api = proApiFor(request, context);
  const id = idOf(params);
  const answer =
    id === null
      ? await api.send(createAdminPartner, { body: parsed.data })
      : await api.send(updateAdminPartner, { params: { partnerId: id }, body: parsed.data });
  if (answer.status === 200 || answer.status === 201) {
    throw redirect(`${partnersPath()}?avis=${id === null ? 'cree' : 'enregistre'}`);
  }
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  return data<ActionAnswer>(
    { reply: { errors: errorsOfIssues(answer.body.issues ?? []), values }, alert: answer.body.message },
    { status: answer.status },
  );
}

export default function Partner({ loaderData, actionData }: Route.ComponentProps) {
  const { partner } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  return (
    <div className="space-y-6">
      <p>
        <Link to={partnersPath()} className="underline">
          Partenaires
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{partner ? partner.name : 'Nouveau partenaire'}</h1>
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
      <PartnerForm
        values={answer?.reply.values ?? (partner ? valuesOfPartner(partner) : {})}
        reply={answer?.reply ?? null}
        submitLabel={partner ? 'Enregistrer' : 'Créer le partenaire'}
      />
    </div>
  );
}
