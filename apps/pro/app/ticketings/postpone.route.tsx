import { type ErrorAnswer, postponeProTicketing } from '@guichet/contracts';
import { formatEventDate } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import type { FormReply } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/postpone.route';
import { errorsOfBodyIssues, postponeValues, readPostponeForm } from './postpone-fields';
import { ticketingPath } from './ticketing-paths';
import { StatusBadge } from './ticketing-status';
import { loadTicketing, ticketingParamsOf } from './ticketings.server';
import { WhenFields } from './when-fields';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Reporter ${loaderData?.ticketing.title ?? 'la billetterie'} | Guichet Pro` },
];

/** A published or paused ticketing may move; a draft is simply edited, a cancelled one is over. */
const POSTPONABLE = new Set(['PUBLISHED', 'PAUSED']);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ticketing = await loadTicketing(request, context, params);
  return { ticketing, postponable: POSTPONABLE.has(ticketing.status) };
}

type ActionAnswer = { reply: FormReply; alert?: string };

/**
 * « Reporter »: the new date and the refund requests' deadline, sent with the version the form read (a
 * ticketing changed meanwhile is the API's EDIT_CONFLICT, said above the form). Saved: back to the ticketing.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = readPostponeForm(await request.formData());
  if (!form.ok) {
    return data<ActionAnswer>({ reply: { errors: form.errors, values: form.values } }, { status: 400 });
  }
  const answer = await proApiFor(request, context).send(postponeProTicketing, {
    params: ticketingParamsOf(params),
    body: form.body,
  });
  if (answer.status === 200) throw redirect(`${ticketingPath(params.organizerId, params.ticketingId)}?avis=reportee`);
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  const failure = answer.body as ErrorAnswer;
  const schedule = String(form.values.schedule ?? 'DATED');
  return data<ActionAnswer>(
    {
      reply: { errors: errorsOfBodyIssues(failure.issues ?? [], schedule), values: form.values },
      alert:
        failure.code === 'EDIT_CONFLICT'
          ? 'Cette billetterie a été modifiée entre-temps : rechargez la page avant de la reporter.'
          : failure.message,
    },
    { status: answer.status },
  );
}

export default function PostponeTicketing({ loaderData, actionData, params }: Route.ComponentProps) {
  const { ticketing, postponable } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const submitting = useSubmitting();
  const back = ticketingPath(params.organizerId, ticketing.id);
  const values = answer?.reply.values ?? postponeValues(ticketing);
  const version = String(values.version ?? ticketing.version);
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={back}>← {ticketing.title}</Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Reporter la billetterie</h1>
        <StatusBadge status={ticketing.status} />
      </div>
      <p>
        Actuellement le <strong>{formatEventDate(ticketing.startsAt)}</strong>.
      </p>
      {postponable ? (
        <>
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            <li>Les billets vendus restent valables à la nouvelle date.</li>
            <li>Chaque acheteur est prévenu par e-mail, avec la nouvelle date.</li>
            <li>
              Jusqu’à la date limite que vous fixez, un acheteur qui ne peut pas venir peut demander le remboursement de
              ses billets depuis son compte.
            </li>
            <li>La page publique dit « Reporté », avec la date initiale.</li>
          </ul>
          {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
          <ValidatedForm rules={{}} reply={answer?.reply ?? null} className="space-y-6">
            <input type="hidden" name="version" value={version} />
            <WhenFields values={values} />
            <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
              <legend className="px-1 font-semibold">Demandes de remboursement</legend>
              <p className="text-sm text-slate-700">
                Jusqu’à quand un acheteur peut demander à être remboursé (heure de Paris), avant la nouvelle date.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  name="refundUntilDate"
                  type="date"
                  label="Date limite"
                  required
                  defaultValue={String(values.refundUntilDate ?? '')}
                />
                <TextField
                  name="refundUntilTime"
                  type="time"
                  label="Heure limite"
                  required
                  defaultValue={String(values.refundUntilTime ?? '23:59')}
                />
              </div>
            </fieldset>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={submitting}>
                Reporter
              </Button>
              <Link to={back} className={buttonClass('secondary')}>
                Ne rien changer
              </Link>
            </div>
          </ValidatedForm>
        </>
      ) : (
        <p role="status">
          Seule une billetterie publiée ou aux ventes suspendues peut être reportée
          {ticketing.status === 'DRAFT' ? ' : modifiez simplement la date de ce brouillon.' : '.'}
        </p>
      )}
    </div>
  );
}
