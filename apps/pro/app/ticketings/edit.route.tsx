import {
  createTicketingPreviewLink,
  duplicateProTicketing,
  type ErrorIssue,
  setProTicketingStatus,
  UpdateTicketingBody,
  updateProTicketing,
} from '@guichet/contracts';
import { TICKETING_STATUSES, type TicketingStatus } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import { data, Form, Link, redirect } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import { StatusConfirm } from '../lib/status-confirm';
import { VisualUploadForm } from '../lib/visual-upload-form';
import type { Route } from './+types/edit.route';
import { errorsOfIssues, readTicketingForm, valuesOfTicketing } from './ticketing-fields';
import { TicketingForm } from './ticketing-form';
import { ticketingPath } from './ticketing-paths';
import { StatusBadge } from './ticketing-status';
import { formChoices, loadTicketing, ticketingParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.ticketing.title ?? 'Billetterie'} | Guichet Pro` },
];

/** The notices a redirect carries (?avis=…), said once on the page it lands on. */
const NOTICES: Record<string, string> = {
  creee: 'Billetterie créée, en brouillon. Ajoutez ses visuels et ses tarifs, puis publiez-la.',
  copiee: 'Voici la copie, en brouillon, avec les tarifs de l’originale (sans leurs ventes). Relisez-la.',
  enregistree: 'Billetterie enregistrée.',
  visuel: 'Visuel ajouté. Vérifiez son texte alternatif.',
  PUBLISHED: 'Billetterie publiée : elle est en vente sur le site.',
  PAUSED: 'Ventes suspendues : la page reste visible, la vente est arrêtée.',
  CANCELLED: 'Billetterie annulée.',
  reportee: 'Billetterie reportée : les acheteurs sont prévenus de la nouvelle date.',
};

/** After the sale (issue 26): the pages a state offers — postponing and cancelling, or following the refunds. */
const AFTER_SALE_LINKS: Record<TicketingStatus, { section: string; label: string }[]> = {
  DRAFT: [],
  PUBLISHED: [
    { section: 'report', label: 'Reporter' },
    { section: 'annulation', label: 'Annuler la billetterie' },
  ],
  PAUSED: [
    { section: 'report', label: 'Reporter' },
    { section: 'annulation', label: 'Annuler la billetterie' },
  ],
  CANCELLED: [{ section: 'annulation', label: 'Suivre les remboursements' }],
};

/**
 * The state changes offered from each state, with what the confirmation says. Cancelling is not one of them:
 * it refunds every buyer, so it has its own page (« Annuler la billetterie », AFTER_SALE_LINKS).
 */
const STATUS_CHANGES: Record<TicketingStatus, { to: TicketingStatus; label: string; confirm: string }[]> = {
  DRAFT: [
    {
      to: 'PUBLISHED',
      label: 'Publier',
      confirm: 'Publier la billetterie ? Elle sera visible et en vente sur le site aussitôt.',
    },
  ],
  PUBLISHED: [
    {
      to: 'PAUSED',
      label: 'Suspendre les ventes',
      confirm: 'Suspendre les ventes ? La page reste visible, plus personne ne peut acheter.',
    },
  ],
  PAUSED: [
    { to: 'PUBLISHED', label: 'Reprendre les ventes', confirm: 'Reprendre les ventes ? Elles rouvrent aussitôt.' },
  ],
  CANCELLED: [],
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ticketing = await loadTicketing(request, context, params);
  const choices = await formChoices(request, context, params, ticketing.performers);
  const search = new URL(request.url).searchParams;
  const asked = search.get('confirmer');
  const confirming = STATUS_CHANGES[ticketing.status].find((change) => change.to === asked) ?? null;
  return {
    ticketing,
    ...choices,
    notice: NOTICES[search.get('avis') ?? ''] ?? null,
    confirming,
    // Visuals are files of the public site (its demo files, the uploads it forwards to the API): shown from there.
    visualBase: serverEnv.SITE_URL,
  };
}

type Conflict = { issues: ErrorIssue[]; currentVersion: number };

type ActionAnswer = {
  reply?: { errors: Record<string, string>; values: Record<string, string | string[]> };
  alert?: string;
  conflict?: Conflict;
  preview?: { url: string };
};

/**
 * One form per intent: save (optimistic concurrency: the version the form read), duplicate, a change of
 * state, the preview link. Every refusal is data (the API's message on its code), never a throw.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const api = proApiFor(request, context);
  const ticketingParams = ticketingParamsOf(params);
  const here = ticketingPath(params.organizerId, params.ticketingId);

  if (intent === 'duplicate') {
    const answer = await api.send(duplicateProTicketing, { params: ticketingParams });
    if (answer.status === 201) throw redirect(`${ticketingPath(params.organizerId, answer.body.id)}?avis=copiee`);
    return data<ActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }
  if (intent === 'preview') {
    const answer = await api.send(createTicketingPreviewLink, { params: ticketingParams });
    if (answer.status === 200) return data<ActionAnswer>({ preview: { url: answer.body.url } });
    return data<ActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }
  if (intent === 'status') {
    const status = String(formData.get('status') ?? '');
    const version = Number(formData.get('version'));
    if (!(TICKETING_STATUSES as readonly string[]).includes(status)) {
      return data<ActionAnswer>({ alert: 'Cet état n’existe pas.' }, { status: 400 });
    }
    const answer = await api.send(setProTicketingStatus, {
      params: ticketingParams,
      body: { version, status: status as TicketingStatus },
    });
    if (answer.status === 200) throw redirect(`${here}?avis=${status}`);
    return data<ActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }

  const { values, body } = readTicketingForm(formData);
  const parsed = UpdateTicketingBody.safeParse(body);
  if (!parsed.success) {
    return data<ActionAnswer>({ reply: { errors: errorsOfIssues(parsed.error.issues), values } }, { status: 400 });
  }
  const answer = await api.send(updateProTicketing, { params: ticketingParams, body: parsed.data });
  if (answer.status === 200) throw redirect(`${here}?avis=enregistree`);
  if (answer.status === 409 && answer.body.code === 'EDIT_CONFLICT' && 'current' in answer.body) {
    // What the person typed stays; the form now names the saved version, so saving again is a choice made
    // knowing what changed (the list below), never a silent overwrite.
    const current = answer.body.current;
    return data<ActionAnswer>(
      {
        reply: { errors: {}, values: { ...values, version: String(current.version) } },
        alert: 'Cette billetterie a été modifiée entre-temps.',
        conflict: { issues: answer.body.issues ?? [], currentVersion: current.version },
      },
      { status: 409 },
    );
  }
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  const errors = errorsOfIssues(answer.body.issues ?? []);
  return data<ActionAnswer>({ reply: { errors, values }, alert: answer.body.message }, { status: answer.status });
}

export default function EditTicketing({ loaderData, actionData, params }: Route.ComponentProps) {
  const { ticketing, notice, confirming, visualBase } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const here = ticketingPath(params.organizerId, ticketing.id);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{ticketing.title}</h1>
        <StatusBadge status={ticketing.status} />
      </div>
      <nav aria-label="Pages de la billetterie" className="mt-3 flex flex-wrap gap-4 text-sm font-medium">
        <Link to={here} aria-current="page">
          Informations
        </Link>
        <Link to={ticketingPath(params.organizerId, ticketing.id, 'tarifs')}>Tarifs ({ticketing.products.length})</Link>
      </nav>
      {notice ? <FormSuccess className="mt-5">{notice}</FormSuccess> : null}
      {answer?.alert ? (
        <FormAlert focus className="mt-5">
          <p>{answer.alert}</p>
          {answer.conflict ? (
            <>
              <p className="mt-2">Ce qui a changé (valeurs enregistrées maintenant) :</p>
              <ul className="mt-1 list-disc pl-5">
                {answer.conflict.issues.map((issue) => (
                  <li key={issue.path.join('.')}>{issue.message}</li>
                ))}
              </ul>
              <p className="mt-2">
                Vos saisies sont conservées ci-dessous : enregistrez-les pour remplacer la version enregistrée, ou{' '}
                <Link to={here} reloadDocument className="underline">
                  reprenez la version enregistrée
                </Link>{' '}
                (vos saisies seront perdues).
              </p>
            </>
          ) : null}
        </FormAlert>
      ) : null}

      <section aria-labelledby="actions-title" className="mt-6 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="actions-title" className="text-lg font-semibold">
          Actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="preview" />
            <button type="submit" className={buttonClass('secondary')}>
              Aperçu
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="duplicate" />
            <button type="submit" className={buttonClass('secondary')}>
              Dupliquer
            </button>
          </Form>
          {STATUS_CHANGES[ticketing.status].map((change) => (
            <Link key={change.to} to={`?confirmer=${change.to}`} className={buttonClass('action')}>
              {change.label}
            </Link>
          ))}
          {AFTER_SALE_LINKS[ticketing.status].map((link) => (
            <Link
              key={link.section}
              to={ticketingPath(params.organizerId, ticketing.id, link.section)}
              className={buttonClass(link.section === 'annulation' ? 'tertiary' : 'secondary')}
            >
              {link.label}
            </Link>
          ))}
        </div>
        {answer?.preview ? (
          <p className="mt-3" role="status">
            <a href={answer.preview.url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
              Ouvrir l’aperçu (nouvel onglet)
            </a>{' '}
            — le lien est valable peu de temps.
          </p>
        ) : null}
        {confirming ? (
          <StatusConfirm change={confirming} stamp={{ name: 'version', value: ticketing.version }} cancel={here} />
        ) : null}
      </section>

      <section aria-labelledby="upload-title" className="mt-6 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="upload-title" className="text-lg font-semibold">
          Ajouter un visuel
        </h2>
        <VisualUploadForm action={ticketingPath(params.organizerId, ticketing.id, 'visuels')} />
      </section>

      <section aria-labelledby="form-title" className="mt-6 max-w-3xl">
        <h2 id="form-title" className="text-lg font-semibold">
          Informations
        </h2>
        <form id="performer-search-form" method="get" />
        <div className="mt-3">
          <TicketingForm
            key={answer?.conflict?.currentVersion ?? ticketing.version}
            values={answer?.reply?.values ?? valuesOfTicketing(ticketing)}
            reply={answer?.reply ?? null}
            venues={loaderData.venues}
            performers={loaderData.performers}
            visualBase={visualBase}
            submitLabel="Enregistrer"
            performerSearchForm="performer-search-form"
            performerQuery={loaderData.performerQuery}
          />
        </div>
      </section>
    </>
  );
}
