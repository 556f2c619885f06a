import { CreateTicketingBody, createProTicketing } from '@guichet/contracts';
import { FormAlert } from '@guichet/ui/form-alert';
import { data, redirect } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/new.route';
import { errorsOfIssues, readTicketingForm } from './ticketing-fields';
import { TicketingForm } from './ticketing-form';
import { ticketingPath } from './ticketing-paths';
import { formChoices, organizerParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = () => [{ title: 'Nouvelle billetterie | Guichet Pro' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return formChoices(request, context, params, []);
}

/**
 * Creates the ticketing, always a draft, checked first with the API's own schema (same French messages);
 * then its page, where visuals and products come next.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { values, body } = readTicketingForm(await request.formData());
  const parsed = CreateTicketingBody.safeParse(body);
  if (!parsed.success) {
    return data({ reply: { errors: errorsOfIssues(parsed.error.issues), values }, alert: null }, { status: 400 });
  }
  const answer = await proApiFor(request, context).send(createProTicketing, {
    params: organizerParamsOf(params),
    body: parsed.data,
  });
  if (answer.status === 201) throw redirect(`${ticketingPath(params.organizerId, answer.body.id)}?avis=creee`);
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  const errors = errorsOfIssues(answer.body.issues ?? []);
  return data({ reply: { errors, values }, alert: answer.body.message }, { status: answer.status });
}

export default function NewTicketing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Nouvelle billetterie</h1>
      <p className="mt-2 text-slate-700">
        Elle est créée en brouillon, visible de vous seul : ajoutez ensuite ses visuels et ses tarifs, puis publiez-la.
      </p>
      {actionData?.alert ? (
        <FormAlert focus className="mt-5">
          {actionData.alert}
        </FormAlert>
      ) : null}
      <div className="mt-6 max-w-3xl">
        <TicketingForm
          values={actionData?.reply.values ?? {}}
          reply={actionData?.reply ?? null}
          venues={loaderData.venues}
          performers={loaderData.performers}
          submitLabel="Créer la billetterie"
        />
      </div>
    </>
  );
}
