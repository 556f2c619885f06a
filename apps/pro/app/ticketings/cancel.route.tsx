import {
  type CancellationProgress,
  cancelProTicketing,
  type ErrorAnswer,
  getCancellationProgress,
} from '@guichet/contracts';
import { formatEventDate } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useRevalidator } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/cancel.route';
import { CANCEL_MESSAGE_MAX, cancellationProgressText, cancellationStarted } from './cancellation';
import { ticketingPath } from './ticketing-paths';
import { StatusBadge } from './ticketing-status';
import { loadTicketing, ticketingParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Annuler ${loaderData?.ticketing.title ?? 'la billetterie'} | Guichet Pro` },
];

/** How often the progress is read again while refunds are under way. */
export const PROGRESS_REFRESH_MS = 2000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ticketing = await loadTicketing(request, context, params);
  const progress = await proApiFor(request, context).loadData(getCancellationProgress, {
    params: ticketingParamsOf(params),
  });
  return { ticketing, progress };
}

type ActionAnswer = { alert: string; message: string };

/**
 * « Annuler la billetterie »: only with the box « Je comprends que cette action est définitive » ticked (checked
 * here too: a post without it cancels nothing), with the version the page read. Started (or already under way):
 * the same page, which then follows the refunds.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const message = String(formData.get('message') ?? '').trim();
  const here = ticketingPath(params.organizerId, params.ticketingId, 'annulation');
  if (formData.get('understood') !== 'on') {
    return data<ActionAnswer>(
      { alert: 'Cochez « Je comprends que cette action est définitive » pour annuler.', message },
      { status: 400 },
    );
  }
  const answer = await proApiFor(request, context).send(cancelProTicketing, {
    params: ticketingParamsOf(params),
    body: { version: Number(formData.get('version')), ...(message ? { message } : {}) },
  });
  if (answer.status === 202) throw redirect(here);
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  const failure = answer.body as ErrorAnswer;
  // Someone else started it a moment ago: the page shows its progress.
  if (failure.code === 'CANCELLATION_UNDER_WAY') throw redirect(here);
  const alert =
    failure.code === 'EDIT_CONFLICT'
      ? 'Cette billetterie a été modifiée entre-temps : relisez-la, puis annulez à nouveau.'
      : (failure.issues?.[0]?.message ?? failure.message);
  return data<ActionAnswer>({ alert, message }, { status: answer.status });
}

/**
 * Reads the page again every 2 s while refunds are pending, and stops once they are all done. Keyed by the
 * progress read (a new object each load): a reload quick enough never to show « loading » still schedules
 * the next one.
 */
function useProgressRefresh(progress: CancellationProgress) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (progress.status !== 'RUNNING' || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), PROGRESS_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [progress, state, revalidate]);
}

export default function CancelTicketing({ loaderData, actionData, params }: Route.ComponentProps) {
  const { ticketing, progress } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const submitting = useSubmitting();
  useProgressRefresh(progress);
  const back = ticketingPath(params.organizerId, ticketing.id);
  const started = cancellationStarted(ticketing.status, progress);
  const cancellable = ticketing.status === 'PUBLISHED' || ticketing.status === 'PAUSED';
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={back}>← {ticketing.title}</Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Annuler la billetterie</h1>
        <StatusBadge status={ticketing.status} />
      </div>
      <p>
        {ticketing.title}, le {formatEventDate(ticketing.startsAt)}.
      </p>

      {started ? (
        <section aria-labelledby="progress-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
          <h2 id="progress-title" className="text-lg font-semibold">
            Remboursements
          </h2>
          <p role="status" className="text-lg font-semibold">
            {cancellationProgressText(progress)}
          </p>
          {progress.total > 0 ? (
            <progress
              max={progress.total}
              value={progress.succeeded + progress.failed}
              aria-label="Commandes traitées"
              className="h-3 w-full"
            />
          ) : null}
          {progress.failed > 0 ? (
            <p className="text-red-800">
              {progress.failed === 1
                ? '1 remboursement a échoué : le prestataire de paiement l’a refusé. Voyez la commande concernée.'
                : `${progress.failed} remboursements ont échoué : le prestataire de paiement les a refusés. Voyez les commandes concernées.`}
            </p>
          ) : null}
        </section>
      ) : cancellable ? (
        <>
          <section aria-labelledby="what-title" className="space-y-2">
            <h2 id="what-title" className="text-lg font-semibold">
              Ce que fait l’annulation
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-slate-800">
              <li>Chaque commande payée est remboursée, par le moyen de paiement utilisé, avec un avoir.</li>
              <li>Les billets ne font plus entrer : le contrôle d’accès les refuse.</li>
              <li>Chaque acheteur est prévenu par e-mail, avec votre message s’il y en a un.</li>
              <li>La page publique dit « Annulé » et plus rien ne peut être acheté.</li>
            </ul>
          </section>
          {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
          <Form method="post" className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
            <input type="hidden" name="version" value={ticketing.version} />
            <div>
              <label htmlFor="cancel-message" className="block font-semibold">
                Message aux acheteurs
              </label>
              <p id="cancel-message-hint" className="text-sm text-slate-700">
                Facultatif, repris dans l’e-mail d’annulation ({CANCEL_MESSAGE_MAX} caractères au plus).
              </p>
              <textarea
                id="cancel-message"
                name="message"
                rows={4}
                maxLength={CANCEL_MESSAGE_MAX}
                defaultValue={answer?.message ?? ''}
                aria-describedby="cancel-message-hint"
                className="mt-1.5 block w-full rounded-lg border border-slate-400 p-3"
              />
            </div>
            <div className="flex items-start gap-3">
              <input id="cancel-understood" type="checkbox" name="understood" required className="mt-1 size-5" />
              <label htmlFor="cancel-understood" className="font-medium">
                Je comprends que cette action est définitive
              </label>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={submitting}>
                Annuler la billetterie
              </Button>
              <Link to={back} className={buttonClass('secondary')}>
                Ne rien changer
              </Link>
            </div>
          </Form>
        </>
      ) : (
        <p role="status">Seule une billetterie publiée ou aux ventes suspendues peut être annulée.</p>
      )}
    </div>
  );
}
