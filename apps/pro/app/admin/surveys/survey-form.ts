/**
 * The survey form without JavaScript: the survey's questions as numbered slots (`q0-label`, `q0-kind`…), the
 * existing ones first, then a few empty ones to add questions; a slot left without a label is no question, a
 * ticked « Retirer » removes one. Its order is the « Ordre » typed (then the slots'). The body is checked by the
 * contract's own schema (SurveyBody: the domain's field rules), its messages put back on their slots.
 */
import { type AdminSurvey, SURVEY_QUESTION_KIND_LABELS, SurveyBody } from '@guichet/contracts';
import {
  INVITE_AFTER_DAYS_RULES,
  SURVEY_FIELDS,
  SURVEY_LIMITS,
  SURVEY_QUESTION_KINDS,
  type SurveyQuestionKind,
} from '@guichet/domain';
import { type FormErrors, submittedValue as one, type SubmittedValues } from '@guichet/ui/form-validation';
import { adminPath } from '../admin-paths';

export const surveysPath = (rest = '') => `${adminPath('questionnaires')}${rest}`;

/** Empty slots offered after the survey's questions. */
export const NEW_SLOTS = 3;

export const surveyRules = {
  title: SURVEY_FIELDS.title.rules,
  introduction: SURVEY_FIELDS.introduction.rules,
  inviteAfterDays: INVITE_AFTER_DAYS_RULES,
};

export const KIND_OPTIONS = SURVEY_QUESTION_KINDS.map((value) => ({
  value,
  label: SURVEY_QUESTION_KIND_LABELS[value],
}));

export const slotName = (slot: number, field: string) => `q${slot}-${field}`;

/** The form's values for a survey (or an empty one): each question in its slot. */
export function surveyValues(survey: AdminSurvey | null): SubmittedValues {
  const values: SubmittedValues = {
    title: survey?.title ?? '',
    introduction: survey?.introduction ?? '',
    inviteAfterDays: String(survey?.inviteAfterDays ?? 1),
  };
  const questions = survey?.questions ?? [];
  for (const [slot, question] of questions.entries()) {
    values[slotName(slot, 'id')] = String(question.id);
    values[slotName(slot, 'label')] = question.label;
    values[slotName(slot, 'kind')] = question.kind;
    values[slotName(slot, 'choices')] = question.choices.join('\n');
    values[slotName(slot, 'position')] = String(slot + 1);
    if (question.required) values[slotName(slot, 'required')] = 'on';
  }
  values.slots = String(questions.length + NEW_SLOTS);
  return values;
}

export type SurveyFormRead =
  /** `slots`: the slot of each question of the body, in its order (to put the API's issues back). */
  | { ok: true; values: SubmittedValues; body: SurveyBody; slots: number[] }
  | { ok: false; values: SubmittedValues; errors: FormErrors };

/** The posted slots as the API's body, or each field's first message. */
export function readSurveyForm(values: SubmittedValues): SurveyFormRead {
  const slotCount = Math.min(SURVEY_LIMITS.questions + NEW_SLOTS, Number.parseInt(one(values, 'slots'), 10) || 0);
  const taken: { slot: number; position: number }[] = [];
  for (let slot = 0; slot < slotCount; slot++) {
    if (one(values, slotName(slot, 'label')).trim() === '' || one(values, slotName(slot, 'remove')) !== '') continue;
    const position = Number.parseInt(one(values, slotName(slot, 'position')), 10);
    taken.push({ slot, position: Number.isFinite(position) ? position : 1_000 + slot });
  }
  taken.sort((a, b) => a.position - b.position || a.slot - b.slot);
  const questions = taken.map(({ slot }) => {
    const id = Number.parseInt(one(values, slotName(slot, 'id')), 10);
    return {
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      label: one(values, slotName(slot, 'label')),
      kind: one(values, slotName(slot, 'kind')) as SurveyQuestionKind,
      required: one(values, slotName(slot, 'required')) !== '',
      choices: one(values, slotName(slot, 'choices'))
        .split(/\r?\n/)
        .map((choice) => choice.trim())
        .filter((choice) => choice !== ''),
    };
  });
  const parsed = SurveyBody.safeParse({
    title: one(values, 'title'),
    introduction: one(values, 'introduction'),
    inviteAfterDays: Number(one(values, 'inviteAfterDays')),
    questions,
  });
  const slots = taken.map(({ slot }) => slot);
  if (parsed.success) return { ok: true, values, body: parsed.data, slots };
  return { ok: false, values, errors: errorsOfIssues(parsed.error.issues, slots) };
}

/** The schema's (or the API's) issues on the form's fields: ['questions', 2, 'label'] → the slot's label. */
export function errorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  slots: readonly number[],
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const [first, index, field] = issue.path;
    let name = typeof first === 'string' ? first : '';
    if (first === 'questions' && typeof index === 'number') {
      const slot = slots[index] ?? index;
      name = slotName(slot, typeof field === 'string' && field !== 'id' ? field : 'label');
    } else if (first === 'questions') name = '';
    if (!(name in errors)) errors[name] = issue.message;
  }
  return errors;
}
