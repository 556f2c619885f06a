/**
 * The back office's surveys (issue 27): the default survey (asked after every event without one of its own) and
 * each ticketing's own — their questions, when their invitations go out, the answers with their counts and a
 * CSV export. A question already answered keeps its kind and its choices (new choices may be added): its answers
 * are stored against it (409 SURVEY_QUESTION_ANSWERED). Every /pro/admin endpoint answers 404 to anyone else.
 */
import {
  FORM_MESSAGES,
  INVITE_AFTER_DAYS_MESSAGES,
  SURVEY_EDIT_MESSAGES,
  SURVEY_FIELDS,
  SURVEY_LIMITS,
  SURVEY_QUESTION_KINDS,
} from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { SurveyResults } from '../surveys/surveys.js';
import { fieldText, PageNumber, pageSizeOf, text } from '../text.js';

export const SURVEY_PAGE_SIZE = { default: 50, max: 200 } as const;

export const SURVEY_QUESTION_KIND_LABELS: Readonly<Record<(typeof SURVEY_QUESTION_KINDS)[number], string>> = {
  RATING: 'Note de 1 à 5',
  SINGLE_CHOICE: 'Un choix parmi plusieurs',
  MULTIPLE_CHOICE: 'Plusieurs choix possibles',
  TEXT: 'Texte libre',
};

const SurveyTicketing = z.object({ id: z.number().int(), title: z.string(), endsAt: z.string() });

export const AdminSurveySummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** The ticketing it belongs to; null: not attached (the default one, or a survey sent by link only). */
    ticketing: SurveyTicketing.nullable(),
    isDefault: z.boolean().describe('Le questionnaire envoyé après chaque billetterie qui n’a pas le sien.'),
    inviteAfterDays: z.number().int(),
    questionCount: z.number().int(),
    answerCount: z.number().int(),
  })
  .meta({ id: 'AdminSurveySummary' });
export type AdminSurveySummary = z.infer<typeof AdminSurveySummary>;

export const AdminSurveyQuestion = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  required: z.boolean(),
  choices: z.array(z.string()),
  answerCount: z.number().int().describe('Réponses données à cette question : son type et ses choix sont figés.'),
});

export const AdminSurvey = AdminSurveySummary.extend({
  introduction: z.string(),
  questions: z.array(AdminSurveyQuestion),
}).meta({ id: 'AdminSurvey' });
export type AdminSurvey = z.infer<typeof AdminSurvey>;

export const SurveyQuestionInput = z
  .object({
    /** A question of the survey kept (its answers stay with it); absent: a new question. */
    id: RowId.optional(),
    label: fieldText(SURVEY_FIELDS.questionLabel),
    kind: z.enum(SURVEY_QUESTION_KINDS, { error: 'Choisissez le type de question.' }),
    required: z.boolean({ error: FORM_MESSAGES.numeric }),
    choices: z.array(fieldText(SURVEY_FIELDS.choice)).max(SURVEY_LIMITS.choices, SURVEY_EDIT_MESSAGES.tooManyChoices),
  })
  .superRefine((question, context) => {
    const choosing = question.kind === 'SINGLE_CHOICE' || question.kind === 'MULTIPLE_CHOICE';
    if (!choosing && question.choices.length > 0)
      context.addIssue({ code: 'custom', path: ['choices'], message: SURVEY_EDIT_MESSAGES.noChoices });
    if (choosing && question.choices.length < SURVEY_LIMITS.minChoices)
      context.addIssue({ code: 'custom', path: ['choices'], message: SURVEY_EDIT_MESSAGES.choicesNeeded });
    if (new Set(question.choices).size !== question.choices.length)
      context.addIssue({ code: 'custom', path: ['choices'], message: SURVEY_EDIT_MESSAGES.duplicateChoice });
  });
export type SurveyQuestionInput = z.infer<typeof SurveyQuestionInput>;

export const SurveyBody = z.object({
  title: fieldText(SURVEY_FIELDS.title),
  introduction: fieldText(SURVEY_FIELDS.introduction),
  inviteAfterDays: z
    .number({ error: FORM_MESSAGES.integer })
    .int(FORM_MESSAGES.integer)
    .min(SURVEY_LIMITS.inviteAfterDays.min, INVITE_AFTER_DAYS_MESSAGES.min)
    .max(SURVEY_LIMITS.inviteAfterDays.max, INVITE_AFTER_DAYS_MESSAGES.max),
  questions: z
    .array(SurveyQuestionInput)
    .min(1, SURVEY_EDIT_MESSAGES.noQuestion)
    .max(SURVEY_LIMITS.questions, SURVEY_EDIT_MESSAGES.tooManyQuestions),
});
export type SurveyBody = z.infer<typeof SurveyBody>;

export const CreateSurveyBody = SurveyBody.extend({
  ticketingId: RowId.describe('La billetterie dont les participants recevront ce questionnaire.'),
});
export type CreateSurveyBody = z.infer<typeof CreateSurveyBody>;

export const SurveyAdminParams = z.object({ surveyId: pathId('Questionnaire') });

const REFUSED = {
  400: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer.describe(
    'Billetterie qui a déjà son questionnaire (SURVEY_TICKETING_TAKEN), question déjà répondue retirée ou changée (SURVEY_QUESTION_ANSWERED).',
  ),
};

export const listAdminSurveys = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/surveys',
  summary: 'Les questionnaires : celui par défaut puis ceux des billetteries, recherchables par billetterie.',
  tags: ['admin'],
  query: z.object({
    q: text({ max: 100, required: false }).optional(),
    page: PageNumber,
    pageSize: pageSizeOf(SURVEY_PAGE_SIZE, 'Questionnaires'),
  }),
  responses: {
    200: z.object({
      surveys: z.array(AdminSurveySummary),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});

export const findSurveyTicketings = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/surveys/ticketings',
  summary: 'Les billetteries dont le titre contient `q` (20 au plus), avec leur questionnaire s’il y en a un.',
  tags: ['admin'],
  query: z.object({ q: text({ max: 100 }) }),
  responses: {
    200: z.object({ ticketings: z.array(SurveyTicketing.extend({ surveyId: z.number().int().nullable() })) }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});

export const getAdminSurvey = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/surveys/:surveyId',
  summary: 'Un questionnaire et ses questions, chacune avec son nombre de réponses.',
  tags: ['admin'],
  params: SurveyAdminParams,
  responses: { 200: AdminSurvey, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const createAdminSurvey = defineEndpoint({
  method: 'POST',
  path: '/pro/admin/surveys',
  summary: 'Crée le questionnaire d’une billetterie (une seule par billetterie : 409).',
  tags: ['admin'],
  body: CreateSurveyBody,
  responses: { 201: AdminSurvey, ...REFUSED },
});

export const updateAdminSurvey = defineEndpoint({
  method: 'PUT',
  path: '/pro/admin/surveys/:surveyId',
  summary: 'Modifie un questionnaire ; une question déjà répondue garde son type et ses choix (409).',
  tags: ['admin'],
  params: SurveyAdminParams,
  body: SurveyBody,
  responses: { 200: AdminSurvey, ...REFUSED },
});

export const getAdminSurveyResults = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/surveys/:surveyId/results',
  summary: 'Les réponses d’un questionnaire, comptées par question, par note et par choix.',
  tags: ['admin'],
  params: SurveyAdminParams,
  responses: { 200: SurveyResults, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const exportAdminSurveyAnswers = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/surveys/:surveyId/answers.csv',
  summary: 'Les réponses d’un questionnaire en CSV pour un tableur français (une ligne par réponse).',
  tags: ['admin'],
  params: SurveyAdminParams,
  responses: { 200: z.string().describe('text/csv'), 400: ErrorAnswer, 404: ErrorAnswer },
});

export const SURVEY_ADMIN_MESSAGES = {
  notFound: 'Questionnaire introuvable.',
  ticketingNotFound: 'Billetterie introuvable.',
  ticketingTaken: (title: string) =>
    `La billetterie « ${title} » a déjà son questionnaire : modifiez-le plutôt que d’en créer un autre.`,
  questionAnswered: (label: string) =>
    `La question « ${label} » a déjà des réponses : elle ne peut être ni retirée, ni changée de type, ni perdre un de ses choix (ajouter des choix reste possible).`,
  unknownQuestion: 'Cette question n’est pas de ce questionnaire.',
} as const;
