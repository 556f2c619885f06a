/**
 * The back office's survey form (issue 27), each field declared once: the pro site's form and the API's schema
 * run the same rules. A survey is a title, an introduction, when its invitations go out (days after the event
 * ends) and its questions in order — each with its kind, whether it is required and, for a choice, its choices.
 */
import { FORM_MESSAGES, formatMessage } from './messages.js';
import { rule } from './rules.js';
import { type TextField, textField } from './text.js';

export const SURVEY_LIMITS = {
  questions: 30,
  choices: 20,
  minChoices: 2,
  inviteAfterDays: { min: 0, max: 60 },
} as const;

export const SURVEY_EDIT_MESSAGES = {
  noQuestion: 'Ajoutez au moins une question.',
  tooManyQuestions: `Un questionnaire compte au plus ${SURVEY_LIMITS.questions} questions.`,
  choicesNeeded: `Une question à choix propose au moins ${SURVEY_LIMITS.minChoices} choix, un par ligne.`,
  tooManyChoices: `Une question propose au plus ${SURVEY_LIMITS.choices} choix.`,
  duplicateChoice: 'Chaque choix doit être différent des autres.',
  noChoices: 'Seule une question à choix propose des choix.',
} as const;

export const SURVEY_FIELDS = {
  title: textField({ max: 120 }),
  introduction: textField({ max: 1000, multiline: true }),
  questionLabel: textField({ max: 200 }),
  choice: textField({ max: 100 }),
} as const satisfies Record<string, TextField>;

export const INVITE_AFTER_DAYS_RULES = [
  rule.required(),
  rule.integer(),
  rule.minValue(SURVEY_LIMITS.inviteAfterDays.min),
  rule.maxValue(SURVEY_LIMITS.inviteAfterDays.max),
];

export const INVITE_AFTER_DAYS_MESSAGES = {
  min: formatMessage(FORM_MESSAGES.minValue, SURVEY_LIMITS.inviteAfterDays.min),
  max: formatMessage(FORM_MESSAGES.maxValue, SURVEY_LIMITS.inviteAfterDays.max),
} as const;
