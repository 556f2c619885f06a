import { type ContestGameDetail, type ErrorAnswer, participateInContest } from '@guichet/contracts';
import { CONTEST_TIE_BREAK_MAX, CONTEST_TIE_BREAK_MIN, type FieldRules, type Rule, rule } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure, SERVICE_UNAVAILABLE_MESSAGE } from '@guichet/ui/form-failure';
import type { FormErrors, FormReply } from '@guichet/ui/form-validation';
import { parseForm } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readFormData } from '@guichet/ui/read-form.server';
import { data, redirect } from 'react-router';
import { formatOrderDateTime } from '../lib/order-display';
import { requireDigits } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import type { Route } from './+types/contest-participate.route';
import { ChoiceGroup } from './choice-group';
import { useContestGame } from './contest-game.route';
import { loadContestGame } from './contest-game.server';
import { contestMeta } from './contest-meta';

const answerField = (index: number) => `answer-${index}`;

/** The form's rules, one radio group a question plus the tie-break: the page and the action share them. */
function participationRules(game: Pick<ContestGameDetail, 'questions'>): FieldRules {
  const rules: Record<string, readonly Rule[]> = {};
  game.questions.forEach((_, index) => {
    rules[answerField(index)] = [rule.required()];
  });
  rules.tieBreak = [
    rule.required(),
    rule.integer(),
    rule.minValue(CONTEST_TIE_BREAK_MIN),
    rule.maxValue(CONTEST_TIE_BREAK_MAX),
  ];
  return rules;
}

/** Login required: a logged-out visitor goes to the login page and comes back here. The game is the parent's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

type ActionResult = { reply: FormReply | null; error: string | null };

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const id = Number(requireDigits(params.contestGameID, request));
  const game = await loadContestGame(request, context, id);
  const formData = await readFormData(request);
  const form = parseForm(formData, participationRules(game));
  if (!form.ok) return data<ActionResult>({ reply: form.reply, error: null }, { status: 400 });
  const values = form.values as Record<string, string>;
  const answers = game.questions.map((_, index) => Number(values[answerField(index)]));
  const answer = await apiFor(request, context).send(participateInContest, {
    params: { id },
    body: { answers, tieBreak: Number(values.tieBreak) },
  });
  if (answer.status === 201) throw redirect(`/jeux-concours/${id}/ranking#moi`);
  const failure = answer.body as ErrorAnswer;
  if (answer.status === 503)
    return data<ActionResult>({ reply: { errors: {}, values }, error: SERVICE_UNAVAILABLE_MESSAGE }, { status: 503 });
  // ['answers', 1] belongs to the second radio group; the rest goes where formFailure puts it.
  const errors: FormErrors = {};
  const others = [];
  for (const issue of failure.issues ?? []) {
    const [head, index] = issue.path;
    if (head === 'answers' && typeof index === 'number') errors[answerField(index)] ??= issue.message;
    else others.push(issue);
  }
  const rest = formFailure({ ...failure, issues: others }, ['tieBreak']);
  const alert = Object.keys(errors).length > 0 && others.length === 0 ? null : rest.alert;
  return data<ActionResult>(
    { reply: { errors: { ...rest.errors, ...errors }, values }, error: alert },
    { status: answer.status },
  );
}

export default function ContestGameParticipate({ actionData }: Route.ComponentProps) {
  const game = useContestGame();
  const submitting = useSubmitting();
  const ranking = `/jeux-concours/${game.id}/ranking`;
  const intro = <h1 className="text-2xl font-semibold text-slate-900">Participer</h1>;
  if (game.participation)
    return (
      <div className="space-y-4 px-4 py-6 sm:px-6">
        {intro}
        <p className="text-slate-800">
          Vous avez déjà participé à ce jeu-concours : participation enregistrée le{' '}
          {formatOrderDateTime(game.participation.createdAt)}
          {game.participation.score === null
            ? ''
            : `, ${game.participation.score} bonne${game.participation.score > 1 ? 's' : ''} réponse${game.participation.score > 1 ? 's' : ''}`}
          . Une seule participation par personne.
        </p>
        <AppLink to={ranking} className="font-semibold text-brand-700 underline underline-offset-4">
          Voir le classement
        </AppLink>
      </div>
    );
  if (game.state !== 'OPEN')
    return (
      <div className="space-y-4 px-4 py-6 sm:px-6">
        {intro}
        <p className="text-slate-800">
          {game.state === 'UPCOMING'
            ? 'Ce jeu-concours n’a pas encore commencé : revenez à son ouverture.'
            : 'Ce jeu-concours est terminé : les participations sont closes.'}
        </p>
      </div>
    );
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      {intro}
      <p className="text-slate-700">
        Participation gratuite, une seule par personne. Tous les champs marqués d’un astérisque sont obligatoires.
      </p>
      {actionData?.error ? <FormAlert focus>{actionData.error}</FormAlert> : null}
      <ValidatedForm
        method="post"
        rules={participationRules(game)}
        reply={actionData?.reply ?? null}
        className="space-y-6"
      >
        {game.questions.map((question, index) => (
          <ChoiceGroup key={question.id} name={answerField(index)} legend={question.label} choices={question.choices} />
        ))}
        <TextField
          name="tieBreak"
          type="number"
          inputMode="numeric"
          min={CONTEST_TIE_BREAK_MIN}
          max={CONTEST_TIE_BREAK_MAX}
          step={1}
          label={`Question subsidiaire : ${game.tieBreak.label}`}
          hint="Un nombre entier : la réponse la plus proche départage les ex æquo."
          required
        />
        <Button type="submit" disabled={submitting}>
          Valider ma participation
        </Button>
      </ValidatedForm>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  contestMeta('Participer', { description: 'Participez à ce jeu-concours et tentez de gagner.' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
