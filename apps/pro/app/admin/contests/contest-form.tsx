import { CONTEST_LIMITS } from '@guichet/contracts';
import { Button, buttonClass } from '@guichet/ui/button';
import { FieldError, RichTextField, TextField, ValidatedForm } from '@guichet/ui/form';
import { type FormReply, submittedValue as one, type SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { rowsOf } from './contest-fields';

const NO_RULES = {};

export type ContestFormProps = {
  /** What the fields show: the saved game, or what was typed when the server refused it. */
  values: SubmittedValues;
  reply: FormReply | null;
  submitLabel: string;
  /** Where the visuals' addresses (`/media/…`, `/visuals/…`) are read from: the public site, which serves them. */
  visualBase?: string;
  /** True once somebody played: the questions are shown, not editable (the API refuses a change anyway). */
  questionsLocked?: boolean;
};

/**
 * The contest game form: a real <form method="post">; rows of prizes and questions are added and removed by
 * submit buttons (the action sends the form back with a row more or less, nothing saved), so it works without
 * JavaScript. No field is marked required for the browser: a row button posts a half-filled form, and the
 * server's schema (the API's own) says what is missing. Field names are the body's paths (contest-fields.ts).
 */
export function ContestForm({ values, reply, submitLabel, visualBase, questionsLocked = false }: ContestFormProps) {
  const submitting = useSubmitting();
  const errors = reply?.errors ?? {};
  const rows = rowsOf(values);
  const visualUrl = one(values, 'visual.url');
  return (
    <ValidatedForm rules={NO_RULES} reply={reply} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="prizeRows" value={rows.prizes} />
      <input type="hidden" name="questionRows" value={rows.questions} />
      <TextField name="title" label="Titre" maxLength={120} defaultValue={one(values, 'title')} />
      <TextField
        name="summary"
        label="Résumé"
        hint="Une ou deux phrases, montrées sur la carte du jeu (300 caractères au plus)."
        maxLength={300}
        defaultValue={one(values, 'summary')}
      />
      <RichTextField name="description" label="Description" defaultValue={one(values, 'description')} />
      <RichTextField
        name="rules"
        label="Règlement"
        hint="Publié avec le jeu : la loi demande le règlement d’un jeu gratuit."
        defaultValue={one(values, 'rules')}
      />
      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Dates (heure de Paris)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="startsAt.date" type="date" label="Début, date" defaultValue={one(values, 'startsAt.date')} />
          <TextField
            name="startsAt.time"
            type="time"
            label="Début, heure"
            defaultValue={one(values, 'startsAt.time')}
          />
          <TextField name="endsAt.date" type="date" label="Fin, date" defaultValue={one(values, 'endsAt.date')} />
          <TextField name="endsAt.time" type="time" label="Fin, heure" defaultValue={one(values, 'endsAt.time')} />
        </div>
      </fieldset>
      <TextField
        name="ticketingId"
        label="Billetterie liée (numéro)"
        hint="Facultatif : le numéro de la billetterie que le jeu fait gagner."
        inputMode="numeric"
        maxLength={10}
        defaultValue={one(values, 'ticketingId')}
      />

      {visualUrl ? (
        <fieldset className="space-y-3 rounded-xl border border-slate-300 p-4">
          <legend className="px-1 font-semibold">Visuel</legend>
          <input type="hidden" name="visual.url" value={visualUrl} />
          <input type="hidden" name="visual.width" value={one(values, 'visual.width')} />
          <input type="hidden" name="visual.height" value={one(values, 'visual.height')} />
          <ul>
            <li className="flex flex-wrap items-start gap-3">
              <img
                src={visualBase ? new URL(visualUrl, visualBase).href : visualUrl}
                alt=""
                width={120}
                height={68}
                className="rounded object-cover"
              />
              <div className="min-w-0 grow">
                <TextField
                  name="visual.alt"
                  label="Texte alternatif du visuel 1"
                  maxLength={200}
                  defaultValue={one(values, 'visual.alt')}
                />
              </div>
            </li>
          </ul>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="visualRemove" className="size-5" />
            Retirer le visuel (à l’enregistrement)
          </label>
        </fieldset>
      ) : null}
      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Lots (un gagnant par lot, le premier lot au premier)</legend>
        {errors.prizes ? <FieldError id="prizes-error">{errors.prizes}</FieldError> : null}
        <ol className="space-y-4">
          {Array.from({ length: rows.prizes }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the form.
            <li key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_auto]">
              <TextField
                name={`prizes.${index}.label`}
                label={`Lot ${index + 1}`}
                maxLength={120}
                defaultValue={one(values, `prizes.${index}.label`)}
              />
              <TextField
                name={`prizes.${index}.value`}
                label={`Valeur du lot ${index + 1} (€)`}
                inputMode="decimal"
                maxLength={12}
                defaultValue={one(values, `prizes.${index}.value`)}
              />
              {rows.prizes > 1 ? (
                <button type="submit" name="rows" value={`removePrize:${index}`} className={buttonClass('tertiary')}>
                  Retirer<span className="sr-only"> le lot {index + 1}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {rows.prizes < CONTEST_LIMITS.prizes ? (
          <button type="submit" name="rows" value="addPrize" className={buttonClass('secondary')}>
            Ajouter un lot
          </button>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Questions</legend>
        {questionsLocked ? (
          <p className="text-sm text-slate-700">
            Des visiteurs ont déjà participé : les questions, leurs bonnes réponses et la question subsidiaire ne
            changent plus.
          </p>
        ) : null}
        {errors.questions ? <FieldError id="questions-error">{errors.questions}</FieldError> : null}
        {Array.from({ length: rows.questions }, (_, index) => {
          const answer = one(values, `questions.${index}.answer`);
          const answerError = errors[`questions.${index}.answer`] ?? errors[`questions.${index}.choices`];
          return (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the form.
              key={index}
              className="space-y-3 rounded-lg border border-slate-200 p-3"
              disabled={questionsLocked}
            >
              <legend className="px-1 font-semibold">Question {index + 1}</legend>
              <TextField
                name={`questions.${index}.label`}
                label={`Intitulé de la question ${index + 1}`}
                maxLength={200}
                defaultValue={one(values, `questions.${index}.label`)}
              />
              <p className="text-sm text-slate-700">Réponses proposées ; cochez la bonne.</p>
              <ol className="space-y-2">
                {Array.from({ length: CONTEST_LIMITS.choices }, (_, choice) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a choice is its position in the question.
                  <li key={choice} className="flex flex-wrap items-end gap-3">
                    <div className="min-w-0 grow">
                      <TextField
                        name={`questions.${index}.choices.${choice}`}
                        label={`Réponse ${choice + 1} de la question ${index + 1}`}
                        maxLength={120}
                        defaultValue={one(values, `questions.${index}.choices.${choice}`)}
                      />
                    </div>
                    <label className="flex min-h-11 items-center gap-2">
                      <input
                        type="radio"
                        name={`questions.${index}.answer`}
                        value={choice}
                        defaultChecked={answer === String(choice)}
                        className="size-5"
                      />
                      Bonne réponse<span className="sr-only"> à la question {index + 1}</span>
                    </label>
                  </li>
                ))}
              </ol>
              {answerError ? <FieldError id={`questions-${index}-answer-error`}>{answerError}</FieldError> : null}
              {rows.questions > 1 && !questionsLocked ? (
                <button type="submit" name="rows" value={`removeQuestion:${index}`} className={buttonClass('tertiary')}>
                  Retirer la question {index + 1}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        {rows.questions < CONTEST_LIMITS.questions && !questionsLocked ? (
          <button type="submit" name="rows" value="addQuestion" className={buttonClass('secondary')}>
            Ajouter une question
          </button>
        ) : null}
        <fieldset disabled={questionsLocked} className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <legend className="sr-only">Question subsidiaire</legend>
          <TextField
            name="tieBreakLabel"
            label="Question subsidiaire"
            hint="Un nombre à estimer, qui départage les ex æquo."
            maxLength={200}
            defaultValue={one(values, 'tieBreakLabel')}
          />
          <TextField
            name="tieBreakAnswer"
            label="Sa bonne valeur"
            inputMode="numeric"
            maxLength={7}
            defaultValue={one(values, 'tieBreakAnswer')}
          />
        </fieldset>
      </fieldset>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
