/**
 * Satisfaction surveys (/survey/{surveyID}/{ticketingID}/{userID}): the closed set of question kinds and the
 * one check of an attendee's answers, run by the web's form and by the API alike, with the spec's messages.
 */
import { FORM_MESSAGES, formatMessage } from './forms/messages.js';
import { type FieldRules, type Rule, rule } from './forms/rules.js';
import { textField } from './forms/text.js';
import { brokenRule, messageOf } from './forms/validate.js';

export const SURVEY_QUESTION_KINDS = ['RATING', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

/** A rating is a whole number of stars, 1 to 5. */
export const SURVEY_RATING = { min: 1, max: 5 } as const;

/** Every free-text answer is bounded (the table stores no length per question: one bound for all). */
export const SURVEY_TEXT_MAX_LENGTH = 1000;

export const SURVEY_THANKS = 'Merci, votre réponse est enregistrée';

export type SurveyQuestionRules = {
  id: number;
  kind: SurveyQuestionKind;
  required: boolean;
  choices: readonly string[] | null;
};

/** An answer: a rating, a choice, the choices ticked, or a text. */
export type SurveyAnswerValue = number | string | readonly string[];

/** The text rules of a free-text answer: multi-line, bounded, control characters refused. */
export function surveyTextField(required: boolean) {
  return textField({ max: SURVEY_TEXT_MAX_LENGTH, multiline: true, required });
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The first broken rule of each question, as a French message keyed by question id (empty when all pass).
 * Answers to questions the survey does not have are refused too, so nothing unasked is stored.
 */
export function surveyAnswerErrors(
  questions: readonly SurveyQuestionRules[],
  answers: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(questions.map((question) => String(question.id)));
  for (const key of Object.keys(answers)) if (!known.has(key)) errors[key] = FORM_MESSAGES.numeric;
  for (const question of questions) {
    const key = String(question.id);
    const value = answers[key];
    if (isBlank(value)) {
      if (question.required) errors[key] = FORM_MESSAGES.required;
      continue;
    }
    const error = questionError(question, value);
    if (error) errors[key] = error;
  }
  return errors;
}

function questionError(question: SurveyQuestionRules, value: unknown): string | null {
  const choices = question.choices ?? [];
  switch (question.kind) {
    case 'RATING': {
      const rating = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof rating !== 'number' || !Number.isInteger(rating)) return FORM_MESSAGES.integer;
      if (rating < SURVEY_RATING.min) return formatMessage(FORM_MESSAGES.minValue, SURVEY_RATING.min);
      if (rating > SURVEY_RATING.max) return formatMessage(FORM_MESSAGES.maxValue, SURVEY_RATING.max);
      return null;
    }
    case 'SINGLE_CHOICE':
      return typeof value === 'string' && choices.includes(value) ? null : FORM_MESSAGES.numeric;
    case 'MULTIPLE_CHOICE': {
      const ticked = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(ticked)) return FORM_MESSAGES.numeric;
      const valid = ticked.every((choice) => typeof choice === 'string' && choices.includes(choice));
      return valid && new Set(ticked).size === ticked.length ? null : FORM_MESSAGES.numeric;
    }
    case 'TEXT': {
      if (typeof value !== 'string') return FORM_MESSAGES.numeric;
      const broken = brokenRule(value, surveyTextField(question.required).rules);
      return broken ? messageOf(broken) : null;
    }
  }
}

/** The answers as stored: ratings as numbers, texts trimmed and NFC, a single ticked box as a list. */
export function normaliseSurveyAnswers(
  questions: readonly SurveyQuestionRules[],
  answers: Readonly<Record<string, unknown>>,
): Record<string, number | string | string[]> {
  const stored: Record<string, number | string | string[]> = {};
  for (const question of questions) {
    const key = String(question.id);
    const value = answers[key];
    if (isBlank(value)) continue;
    if (question.kind === 'RATING') stored[key] = Number(value);
    else if (question.kind === 'MULTIPLE_CHOICE')
      stored[key] = typeof value === 'string' ? [value] : [...(value as string[])];
    else if (question.kind === 'TEXT') stored[key] = (value as string).trim().normalize('NFC');
    else stored[key] = value as string;
  }
  return stored;
}

/** A value that is one of the choices offered (each of them, for ticked boxes). */
function offeredRule(choices: readonly string[]): Rule {
  return {
    name: 'regex',
    message: FORM_MESSAGES.numeric,
    test: (value) => typeof value === 'string' && choices.includes(value),
  };
}

/**
 * The survey's questions as form rules, keyed by question id (the form's field names): what the page runs as
 * you answer and its action on submit, with the messages the API gives for the same answers.
 */
export function surveyFieldRules(questions: readonly SurveyQuestionRules[]): FieldRules {
  return Object.fromEntries(
    questions.map((question) => {
      const required = question.required ? [rule.required()] : [];
      const rules: Rule[] =
        question.kind === 'RATING'
          ? [...required, rule.integer(), rule.minValue(SURVEY_RATING.min), rule.maxValue(SURVEY_RATING.max)]
          : question.kind === 'TEXT'
            ? [...surveyTextField(question.required).rules]
            : [...required, offeredRule(question.choices ?? [])];
      return [String(question.id), rules];
    }),
  );
}
