/**
 * The survey's questions as one form: each question a fieldset whose legend is the question (a rating is a
 * radio group 1 to 5 with visible labels, a single choice radios, a multiple choice checkboxes), the free text
 * a textarea bounded by SURVEY_TEXT_MAX_LENGTH. A real <form method="post">: it works without JavaScript.
 */
import type { SurveyQuestion } from '@guichet/contracts';
import { type FieldRules, SURVEY_RATING, SURVEY_TEXT_MAX_LENGTH } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { FieldError, RequiredMark, useFormKit, ValidatedForm } from '@guichet/ui/form';
import type { FormReply } from '@guichet/ui/form-validation';

const RATINGS = Array.from(
  { length: SURVEY_RATING.max - SURVEY_RATING.min + 1 },
  (_, index) => SURVEY_RATING.min + index,
);

function optionsOf(question: SurveyQuestion): { value: string; label: string }[] {
  if (question.kind === 'RATING')
    return RATINGS.map((rating) => ({
      value: String(rating),
      label:
        rating === SURVEY_RATING.min
          ? `${rating} (décevant)`
          : rating === SURVEY_RATING.max
            ? `${rating} (excellent)`
            : String(rating),
    }));
  return (question.choices ?? []).map((choice) => ({ value: choice, label: choice }));
}

function Question({ question }: { question: SurveyQuestion }) {
  const kit = useFormKit();
  const name = String(question.id);
  const error = kit?.errors[name] ?? null;
  const sent = kit?.values[name];
  const sentValues = sent === undefined ? [] : Array.isArray(sent) ? sent : [sent];
  const errorId = `question-${name}-erreur`;
  const legend = (
    <legend className="font-semibold text-slate-900">
      {question.label}
      {question.required ? <RequiredMark /> : null}
    </legend>
  );

  if (question.kind === 'TEXT') {
    const id = `question-${name}`;
    return (
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">
          {question.label}
          {question.required ? <RequiredMark /> : null}
        </label>
        <textarea
          id={id}
          name={name}
          rows={4}
          maxLength={SURVEY_TEXT_MAX_LENGTH}
          defaultValue={sentValues[0] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => kit?.setError(name, null)}
          className="mt-2 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
        <p className="mt-1 text-sm text-slate-600">{SURVEY_TEXT_MAX_LENGTH} caractères au plus.</p>
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      </div>
    );
  }

  const multiple = question.kind === 'MULTIPLE_CHOICE';
  const rating = question.kind === 'RATING';
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      {legend}
      {multiple ? <p className="mt-1 text-sm text-slate-600">Plusieurs réponses possibles.</p> : null}
      <div className={rating ? 'mt-2 flex flex-wrap gap-2' : 'mt-2 space-y-2'}>
        {optionsOf(question).map((option, index) => {
          const id = `question-${name}-${index}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <input
                id={id}
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.value}
                defaultChecked={sentValues.includes(option.value)}
                aria-invalid={error ? true : undefined}
                onChange={() => kit?.setError(name, null)}
                className="size-5 accent-brand-700"
              />
              <label htmlFor={id} className="text-slate-800">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

export function SurveyForm({
  questions,
  rules,
  reply,
  alert,
}: {
  questions: SurveyQuestion[];
  rules: FieldRules;
  reply: FormReply | null;
  alert: string | null;
}) {
  return (
    <ValidatedForm rules={rules} reply={reply} className="space-y-8" aria-label="Questionnaire de satisfaction">
      {alert ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {alert}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        Les questions marquées d’un <span className="font-bold text-red-700">*</span> sont obligatoires.
      </p>
      {questions.map((question) => (
        <Question key={question.id} question={question} />
      ))}
      <Button type="submit">Envoyer ma réponse</Button>
    </ValidatedForm>
  );
}
