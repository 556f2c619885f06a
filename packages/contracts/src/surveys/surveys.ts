/**
 * Satisfaction surveys: the attendee's form at /survey/{surveyID}/{ticketingID}/{userID}, reached from the
 * e-mailed link whose `sig` (an HMAC of the three ids) stands in for a login, and the organizer's results.
 */
import { SURVEY_QUESTION_KINDS, SURVEY_RATING } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { text } from '../text.js';

export const SURVEY_MESSAGES = {
  forbidden: 'Ce lien d’enquête n’est pas valide : utilisez le lien reçu par e-mail.',
  notFound: 'Cette enquête est introuvable.',
  alreadyAnswered: 'Vous avez déjà répondu à cette enquête : merci !',
  resultsForbidden: 'Jeton organisateur manquant ou invalide.',
} as const;

export const SurveyParams = z.object({
  surveyID: pathId('L’identifiant d’enquête'),
  ticketingID: pathId('L’identifiant de billetterie'),
  userID: pathId('L’identifiant de participant'),
});

export const SurveyQuery = z.object({
  sig: text({ max: 200, asTyped: true, required: false })
    .optional()
    .describe('Signature du lien reçu par e-mail (HMAC des trois identifiants).'),
});

export const SurveyQuestion = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  required: z.boolean(),
  choices: z.array(z.string()).nullable().describe('Les choix proposés (SINGLE_CHOICE, MULTIPLE_CHOICE).'),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

export const SurveyForm = z.object({
  survey: z.object({ id: z.number().int(), title: z.string(), introduction: z.string() }),
  ticketing: z.object({ id: z.number().int(), title: z.string(), startsAt: z.iso.datetime({ offset: true }) }),
  questions: z.array(SurveyQuestion),
  answered: z.boolean().describe('Vrai quand ce participant a déjà répondu (une seule réponse).'),
});
export type SurveyForm = z.infer<typeof SurveyForm>;

export const getSurvey = defineEndpoint({
  method: 'GET',
  path: '/surveys/:surveyID/:ticketingID/:userID',
  summary: 'L’enquête de satisfaction d’un participant (lien signé).',
  tags: ['surveys'],
  params: SurveyParams,
  query: SurveyQuery,
  responses: {
    200: SurveyForm,
    400: ErrorAnswer,
    403: ErrorAnswer.describe(`FORBIDDEN : ${SURVEY_MESSAGES.forbidden}`),
    404: ErrorAnswer.describe(SURVEY_MESSAGES.notFound),
  },
});

/** Bounded at the door; the question's own rules (domain surveyAnswerErrors) decide the rest. */
const AnswerValue = z.union([z.number(), z.string().max(20_000), z.array(z.string().max(1000)).max(50)]);

export const SurveyAnswerBody = z.object({
  answers: z
    .record(z.string().regex(/^\d{1,10}$/), AnswerValue)
    .describe('Réponses par identifiant de question : note (nombre), choix (texte), choix multiples (liste), texte.'),
});
export type SurveyAnswerBody = z.infer<typeof SurveyAnswerBody>;

export const answerSurvey = defineEndpoint({
  method: 'POST',
  path: '/surveys/:surveyID/:ticketingID/:userID',
  summary: 'Enregistre la réponse d’un participant, une seule fois (lien signé).',
  tags: ['surveys'],
  params: SurveyParams,
  query: SurveyQuery,
  body: SurveyAnswerBody,
  responses: {
    201: z.object({ answered: z.literal(true) }),
    400: ErrorAnswer.describe('VALIDATION_FAILED : `issues` nomme chaque question refusée (["answers", id]).'),
    403: ErrorAnswer.describe(`FORBIDDEN : ${SURVEY_MESSAGES.forbidden}`),
    404: ErrorAnswer.describe(SURVEY_MESSAGES.notFound),
    409: ErrorAnswer.describe(`ALREADY_ANSWERED : ${SURVEY_MESSAGES.alreadyAnswered}`),
  },
});

export const SurveyQuestionResults = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  answerCount: z.number().int().describe('Réponses données à cette question.'),
  averageRating: z
    .number()
    .nullable()
    .describe(`Moyenne des notes (${SURVEY_RATING.min} à ${SURVEY_RATING.max}), RATING seulement.`),
  counts: z
    .array(z.object({ value: z.string(), count: z.number().int() }))
    .describe('Par note (« 1 » à « 5 ») ou par choix proposé, dans l’ordre ; vide pour TEXT.'),
  recentTexts: z.array(z.string()).describe('Les 10 derniers textes, du plus récent au plus ancien (TEXT).'),
});

export const SurveyResults = z.object({
  survey: z.object({ id: z.number().int(), title: z.string() }),
  answerCount: z.number().int(),
  questions: z.array(SurveyQuestionResults),
});
export type SurveyResults = z.infer<typeof SurveyResults>;

export const getSurveyResults = defineEndpoint({
  method: 'GET',
  path: '/surveys/:surveyID/results',
  summary: 'Résultats agrégés d’une enquête (jeton organisateur de l’enquête, en attendant le site pro).',
  tags: ['surveys'],
  params: z.object({ surveyID: SurveyParams.shape.surveyID }),
  responses: {
    200: SurveyResults,
    400: ErrorAnswer,
    401: ErrorAnswer.describe(`AUTHENTICATION_REQUIRED : ${SURVEY_MESSAGES.resultsForbidden}`),
    404: ErrorAnswer.describe(SURVEY_MESSAGES.notFound),
  },
});

/** Development and tests only: the signed demo link of a participant, and a run of the e-mail job. */
export const devSurveyLink = defineEndpoint({
  method: 'GET',
  path: '/dev/surveys/link',
  summary: 'Développement seulement : le lien signé de l’enquête du compte de démonstration (ou des ids donnés).',
  tags: ['dev'],
  query: z.object({
    surveyID: pathId('Identifiant invalide.').optional(),
    ticketingID: pathId('Identifiant invalide.').optional(),
    userID: pathId('Identifiant invalide.').optional(),
  }),
  responses: {
    200: z.object({ path: z.string(), url: z.string(), resultsToken: z.string() }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});

export const runSurveyMailJob = defineEndpoint({
  method: 'POST',
  path: '/dev/surveys/send',
  summary: 'Développement seulement : envoie maintenant les invitations aux enquêtes du lendemain d’événement.',
  tags: ['dev'],
  responses: {
    200: z.object({ sent: z.number().int() }),
    404: ErrorAnswer,
  },
});
