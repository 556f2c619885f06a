import {
  AdminContestParams,
  ContestGameInput,
  closeAdminContest,
  drawAdminContest,
  getAdminContest,
  publishAdminContest,
  unpublishAdminContest,
  updateAdminContest,
} from '@guichet/contracts';
import {
  CONTEST_DRAW_METHODS,
  CONTEST_STATE_LABELS,
  type ContestDrawMethod,
  EDITORIAL_STATUS_LABELS,
  formatPrice,
} from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import { data, Form, redirect } from 'react-router';
import type { z } from 'zod';
import { proApiFor } from '../../lib/server/api.server';
import { serverEnv } from '../../lib/server/env.server';
import { VisualUploadForm } from '../../lib/visual-upload-form';
import { adminPath } from '../admin-paths';
import type { Route } from './+types/edit.route';
import { errorsOfIssues, readContestForm, rowChange, valuesOfContest } from './contest-fields';
import { ContestForm } from './contest-form';
import { CONTESTS_SECTION, contestPath, WHEN } from './contest-paths';

/** The body as the API reads it (checked here by its schema first, sent as typed: the API transforms it). */
type ContestGameForm = z.input<typeof ContestGameInput>;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.game.title ?? 'Jeu-concours'} | Guichet Pro` },
];

/** The notices a redirect carries (?avis=…), said once on the page it lands on. */
const NOTICES: Record<string, string> = {
  cree: 'Jeu-concours créé, en brouillon. Relisez-le, puis publiez-le.',
  enregistre: 'Jeu-concours enregistré.',
  publie: 'Jeu-concours publié : il est visible sur le site dès son début.',
  brouillon: 'Jeu-concours remis en brouillon : il n’est plus visible sur le site.',
  clos: 'Jeu-concours clôturé : plus personne ne peut participer. Tirez maintenant ses gagnants.',
  tire: 'Gagnants tirés au sort et prévenus par e-mail.',
  visuel: 'Visuel ajouté. Vérifiez son texte alternatif.',
};

const DRAW_METHOD_LABELS: Record<ContestDrawMethod, string> = {
  RANKING: 'Au classement (bonnes réponses, puis question subsidiaire, puis première participation)',
  RANDOM: 'Au hasard parmi tous les participants (graine enregistrée)',
};

const notFound = () =>
  data({ statusCode: 404, code: 'NOT_FOUND', message: 'Ce jeu-concours n’existe pas.' }, { status: 404 });

function paramsOf(params: { contestId: string }) {
  const parsed = AdminContestParams.safeParse({ id: params.contestId });
  if (!parsed.success) throw notFound();
  return parsed.data;
}

async function loadGame(request: Request, context: Route.LoaderArgs['context'], params: { contestId: string }) {
  const answer = await proApiFor(request, context).send(getAdminContest, { params: paramsOf(params) });
  if (answer.status === 200) return answer.body;
  if (answer.status === 400) throw notFound();
  throw data(answer.body, { status: answer.status });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const game = await loadGame(request, context, params);
  const notice = NOTICES[new URL(request.url).searchParams.get('avis') ?? ''] ?? null;
  // Visuals are files of the public site (the uploads it forwards to the API): shown from there.
  return { game, notice, visualBase: serverEnv.SITE_URL };
}

/**
 * One form per intent: save (rows changed by their buttons first, nothing saved), publish, back to draft,
 * close, draw. Every refusal is data (the API's message on its code), never a throw.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const api = proApiFor(request, context);
  const gameParams = paramsOf(params);
  const here = contestPath(params.contestId);
  const simple = {
    publish: [publishAdminContest, 'publie'],
    unpublish: [unpublishAdminContest, 'brouillon'],
    close: [closeAdminContest, 'clos'],
  } as const;
  if (intent in simple) {
    const [endpoint, notice] = simple[intent as keyof typeof simple];
    const answer = await api.send(endpoint, { params: gameParams });
    if (answer.status === 200) throw redirect(`${here}?avis=${notice}`);
    return data({ alert: answer.body.message, reply: null }, { status: answer.status });
  }
  if (intent === 'draw') {
    const method = String(formData.get('method') ?? '');
    const answer = await api.send(drawAdminContest, {
      params: gameParams,
      body: { method: method as ContestDrawMethod },
    });
    if (answer.status === 200) throw redirect(`${here}?avis=tire`);
    const message = answer.body.issues?.[0]?.message ?? answer.body.message;
    return data({ alert: message, reply: null }, { status: answer.status });
  }
  const { values, body } = readContestForm(formData);
  const changed = rowChange(values);
  if (changed) return data({ reply: { errors: {}, values: changed }, alert: null });
  // Once somebody played, the questions are not in the form (disabled): the saved ones are sent as they are.
  const game = await loadGame(request, context, params);
  const sent =
    game.participantCount > 0
      ? { ...body, questions: game.questions, tieBreakLabel: game.tieBreakLabel, tieBreakAnswer: game.tieBreakAnswer }
      : body;
  const parsed = ContestGameInput.safeParse(sent);
  if (!parsed.success) {
    return data({ reply: { errors: errorsOfIssues(parsed.error.issues), values }, alert: null }, { status: 400 });
  }
  const answer = await api.send(updateAdminContest, { params: gameParams, body: sent as ContestGameForm });
  if (answer.status === 200) throw redirect(`${here}?avis=enregistre`);
  const errors = errorsOfIssues(answer.body.issues ?? []);
  return data({ reply: { errors, values }, alert: answer.body.message }, { status: answer.status });
}

export default function EditContest({ loaderData, actionData }: Route.ComponentProps) {
  const { game, notice, visualBase } = loaderData;
  const values = actionData?.reply?.values ?? valuesOfContest(game);
  return (
    <div className="space-y-8">
      <p>
        <a href={adminPath(CONTESTS_SECTION)} className="text-brand-700 underline">
          Tous les jeux-concours
        </a>
      </p>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{game.title}</h1>
        <p className="text-slate-700">
          {EDITORIAL_STATUS_LABELS[game.status]} · {CONTEST_STATE_LABELS[game.state]} · {game.participantCount}{' '}
          participant{game.participantCount > 1 ? 's' : ''}
        </p>
      </div>
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      {actionData?.alert ? <FormAlert focus>{actionData.alert}</FormAlert> : null}

      <section aria-labelledby="jeu-etat" className="space-y-3">
        <h2 id="jeu-etat" className="text-xl font-semibold">
          Publication et clôture
        </h2>
        <div className="flex flex-wrap gap-3">
          {game.status === 'DRAFT' ? (
            <Form method="post">
              <button type="submit" name="intent" value="publish" className={buttonClass('primary')}>
                Publier
              </button>
            </Form>
          ) : game.participantCount === 0 ? (
            <Form method="post">
              <button type="submit" name="intent" value="unpublish" className={buttonClass('secondary')}>
                Remettre en brouillon
              </button>
            </Form>
          ) : null}
          {game.status === 'PUBLISHED' && game.state === 'OPEN' ? (
            <Form method="post">
              <button type="submit" name="intent" value="close" className={buttonClass('secondary')}>
                Clôturer maintenant
              </button>
            </Form>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="jeu-tirage" className="space-y-3">
        <h2 id="jeu-tirage" className="text-xl font-semibold">
          Tirage des gagnants
        </h2>
        {game.draw ? (
          <>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold">Tiré le</dt>
              <dd>{WHEN.format(new Date(game.draw.at))}</dd>
              <dt className="font-semibold">Par</dt>
              <dd>{game.draw.drawnBy ?? 'Le tirage automatique'}</dd>
              <dt className="font-semibold">Méthode</dt>
              <dd>{DRAW_METHOD_LABELS[game.draw.method]}</dd>
              <dt className="font-semibold">Graine</dt>
              <dd className="break-all font-mono">{game.draw.seed ?? '—'}</dd>
            </dl>
            {game.winners.length > 0 ? (
              <ol className="list-decimal space-y-1 pl-6" aria-label="Gagnants">
                {game.winners.map((winner) => (
                  <li key={winner.rank}>
                    {winner.name} ({winner.email}) — {winner.prize}
                  </li>
                ))}
              </ol>
            ) : (
              <p>Aucun participant : aucun gagnant.</p>
            )}
          </>
        ) : game.status === 'PUBLISHED' && game.state === 'CLOSED' ? (
          <Form method="post" className="space-y-3">
            <fieldset className="space-y-2">
              <legend className="font-semibold">Méthode du tirage</legend>
              {CONTEST_DRAW_METHODS.map((method) => (
                <label key={method} className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="method"
                    value={method}
                    defaultChecked={method === 'RANKING'}
                    className="mt-1 size-5"
                  />
                  {DRAW_METHOD_LABELS[method]}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-slate-700">
              Une seule fois : les gagnants sont prévenus par e-mail. Sans tirage à la main, le classement est tiré
              automatiquement une heure après la clôture.
            </p>
            <button type="submit" name="intent" value="draw" className={buttonClass('primary')}>
              Tirer les gagnants
            </button>
          </Form>
        ) : (
          <p>Les gagnants se tirent une fois le jeu clos.</p>
        )}
      </section>

      <section aria-labelledby="visuel-titre" className="max-w-3xl">
        <h2 id="visuel-titre" className="text-xl font-semibold">
          {game.visual ? 'Remplacer le visuel' : 'Ajouter un visuel'}
        </h2>
        <VisualUploadForm action={`${contestPath(game.id)}/visuel`} />
      </section>

      <section aria-labelledby="jeu-contenu" className="max-w-3xl space-y-3">
        <h2 id="jeu-contenu" className="text-xl font-semibold">
          Contenu du jeu
        </h2>
        <p className="text-sm text-slate-700">
          Lots : {game.prizes.map((prize) => `${prize.label} (${formatPrice(prize.valueCents)})`).join(', ')}
        </p>
        <ContestForm
          key={JSON.stringify(values)}
          values={values}
          reply={actionData?.reply ?? null}
          submitLabel="Enregistrer"
          visualBase={visualBase}
          questionsLocked={game.participantCount > 0}
        />
      </section>
    </div>
  );
}
