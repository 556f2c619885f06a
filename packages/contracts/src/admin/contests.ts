/**
 * The back office's contest games (issue 27): /pro/admin/contests…, platform administrators only (the guard
 * of routes/admin answers 404 to anyone else). Unlike the public contract, these answers carry the right
 * answers and the tie-break's value: the editors write them. Dates are typed in Paris time, as in the pro
 * forms; a game is written as a DRAFT, shown nowhere until published.
 */
import {
  CONTEST_DRAW_METHODS,
  CONTEST_STATES,
  CONTEST_TIE_BREAK_MAX,
  CONTEST_TIE_BREAK_MIN,
  EDITORIAL_STATUSES,
  FORM_MESSAGES,
  formatMessage,
} from '@guichet/domain';
import { z } from 'zod';
import { RichTextDocument, Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { ENDS_BEFORE_START_MESSAGE, EurosText, ParisDateTime, RichTextInput } from '../pro/ticketings.js';
import { PageNumber, pageSizeOf, text } from '../text.js';

export const ADMIN_CONTESTS_PAGE_SIZE = { default: 20, max: 100 } as const;
/** Bounds of a game: what a form shows and the API accepts. */
export const CONTEST_LIMITS = { prizes: 10, questions: 20, choices: 4 } as const;

export const ADMIN_CONTEST_NOT_FOUND_MESSAGE = 'Ce jeu-concours n’existe pas.';
export const CONTEST_QUESTIONS_LOCKED_MESSAGE =
  'Des visiteurs ont déjà participé : les questions, leurs réponses et la question subsidiaire ne peuvent plus changer (les scores seraient faussés).';
export const CONTEST_DRAWN_DATES_MESSAGE = 'Les gagnants de ce jeu-concours sont tirés : ses dates ne changent plus.';
export const CONTEST_ANSWER_MESSAGE = 'Choisissez la bonne réponse parmi les réponses proposées.';
export const CONTEST_CLOSE_REFUSED_MESSAGE = 'Seul un jeu-concours publié et en cours peut être clôturé.';
export const CONTEST_DRAW_REFUSED_MESSAGES = {
  OPEN: 'Clôturez le jeu-concours avant de tirer ses gagnants.',
  DRAFT: 'Un jeu-concours en brouillon n’a pas de gagnants.',
  DRAWN: 'Les gagnants de ce jeu-concours ont déjà été tirés.',
} as const;
export const CONTEST_UNPUBLISH_REFUSED_MESSAGE =
  'Ce jeu-concours a déjà des participants : il ne peut plus redevenir un brouillon.';
export const CONTEST_TICKETING_NOT_FOUND_MESSAGE = 'Cette billetterie n’existe pas.';
export const CONTEST_VISUAL_NOT_FOUND_MESSAGE = 'Cette image n’a pas été envoyée : envoyez-la d’abord.';

export const AdminContestParams = z.object({ id: pathId('L’identifiant du jeu-concours') });

const Count = (min: number, max: number) =>
  z
    .number({ error: FORM_MESSAGES.integer })
    .int(FORM_MESSAGES.integer)
    .min(min, formatMessage(FORM_MESSAGES.minValue, min))
    .max(max, formatMessage(FORM_MESSAGES.maxValue, max));

export const ContestPrizeInput = z.object({
  label: text({ max: 120 }),
  value: EurosText.describe('Valeur du lot en euros tel que saisie (« 25,50 »), enregistrée en centimes.'),
});

export const ContestQuestionInput = z
  .object({
    label: text({ max: 200 }),
    choices: z
      .array(text({ max: 120 }))
      .min(2, formatMessage(FORM_MESSAGES.minValue, 2))
      .max(CONTEST_LIMITS.choices, formatMessage(FORM_MESSAGES.maxValue, CONTEST_LIMITS.choices)),
    answer: Count(0, CONTEST_LIMITS.choices - 1).describe('L’indice de la bonne réponse dans `choices`.'),
  })
  .superRefine((question, context) => {
    if (question.answer >= question.choices.length)
      context.addIssue({ code: 'custom', path: ['answer'], message: CONTEST_ANSWER_MESSAGE });
  });
export type ContestQuestionInput = z.output<typeof ContestQuestionInput>;

export const ContestGameInput = z
  .object({
    title: text({ max: 120 }),
    summary: text({ max: 300 }),
    description: RichTextInput,
    rules: RichTextInput,
    startsAt: ParisDateTime,
    endsAt: ParisDateTime,
    ticketingId: RowId.nullish(),
    visual: z
      .object({
        url: text({ max: 500 }),
        alt: text({ max: 200, required: false }),
        width: Count(1, 20_000).optional(),
        height: Count(1, 20_000).optional(),
      })
      .nullish()
      .describe('Une image envoyée (uploadAdminContestVisual) ou celle que le jeu montre déjà ; null : aucune.'),
    prizes: z
      .array(ContestPrizeInput)
      .min(1, 'Indiquez au moins un lot.')
      .max(CONTEST_LIMITS.prizes, formatMessage(FORM_MESSAGES.maxValue, CONTEST_LIMITS.prizes)),
    questions: z
      .array(ContestQuestionInput)
      .min(1, 'Posez au moins une question.')
      .max(CONTEST_LIMITS.questions, formatMessage(FORM_MESSAGES.maxValue, CONTEST_LIMITS.questions)),
    tieBreakLabel: text({ max: 200 }),
    tieBreakAnswer: Count(CONTEST_TIE_BREAK_MIN, CONTEST_TIE_BREAK_MAX),
  })
  .superRefine((input, context) => {
    const key = (value: ParisDateTime) => `${value.date}T${value.time}`;
    if (key(input.endsAt) <= key(input.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt', 'date'], message: ENDS_BEFORE_START_MESSAGE });
  });
export type ContestGameInput = z.output<typeof ContestGameInput>;

export const ContestDraw = z
  .object({
    at: z.iso.datetime(),
    method: z.enum(CONTEST_DRAW_METHODS),
    seed: z.string().nullable().describe('La graine du tirage aléatoire : le même tirage se refait avec elle.'),
    drawnBy: z.string().nullable().describe('L’adresse de l’administrateur ; null : le tirage automatique.'),
  })
  .meta({ id: 'ContestDraw', description: 'Le tirage d’un jeu-concours : quand, comment, par qui.' });

export const AdminContestWinner = z.object({
  rank: z.number().int(),
  name: z.string(),
  email: z.string(),
  prize: z.string(),
});

export const AdminContestGame = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    description: RichTextDocument,
    rules: RichTextDocument.nullable(),
    startsAt: ParisDateTime,
    endsAt: ParisDateTime,
    ticketingId: z.number().int().nullable(),
    visual: Visual.nullable(),
    prizes: z.array(z.object({ label: z.string(), valueCents: z.number().int() })),
    questions: z.array(z.object({ label: z.string(), choices: z.array(z.string()), answer: z.number().int() })),
    tieBreakLabel: z.string(),
    tieBreakAnswer: z.number().int(),
    status: z.enum(EDITORIAL_STATUSES),
    state: z.enum(CONTEST_STATES),
    participantCount: z.number().int(),
    draw: ContestDraw.nullable(),
    winners: z.array(AdminContestWinner),
  })
  .meta({ id: 'AdminContestGame', description: 'Un jeu-concours vu par les éditeurs, bonnes réponses comprises.' });
export type AdminContestGame = z.infer<typeof AdminContestGame>;

export const AdminContestSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(EDITORIAL_STATUSES),
  state: z.enum(CONTEST_STATES),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  participantCount: z.number().int(),
  drawnAt: z.iso.datetime().nullable(),
});
export type AdminContestSummary = z.infer<typeof AdminContestSummary>;

const answers = { 400: ErrorAnswer, 404: ErrorAnswer } as const;

export const listAdminContests = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/contests',
  summary: 'Les jeux-concours, les plus récents d’abord, cherchés par titre (administrateurs).',
  tags: ['admin'],
  query: z.object({
    q: text({ max: 100, required: false }).optional(),
    page: PageNumber,
    pageSize: pageSizeOf(ADMIN_CONTESTS_PAGE_SIZE, 'Jeux'),
  }),
  responses: {
    200: z.object({
      items: z.array(AdminContestSummary),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    ...answers,
  },
});

export const createAdminContest = defineEndpoint({
  method: 'POST',
  path: '/pro/admin/contests',
  summary: 'Crée un jeu-concours, en brouillon.',
  tags: ['admin'],
  body: ContestGameInput,
  responses: { 201: AdminContestGame, ...answers },
});

export const getAdminContest = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/contests/:id',
  summary: 'Un jeu-concours, ses bonnes réponses, son tirage et ses gagnants.',
  tags: ['admin'],
  params: AdminContestParams,
  responses: { 200: AdminContestGame, ...answers },
});

export const updateAdminContest = defineEndpoint({
  method: 'PUT',
  path: '/pro/admin/contests/:id',
  summary:
    'Modifie un jeu-concours ; après la première participation, ses questions, bonnes réponses et question subsidiaire ne changent plus (409).',
  tags: ['admin'],
  params: AdminContestParams,
  body: ContestGameInput,
  responses: { 200: AdminContestGame, ...answers, 409: ErrorAnswer.describe('STATUS_CHANGE_REFUSED.') },
});

const action = (path: string, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path: `/pro/admin/contests/:id/${path}`,
    summary,
    tags: ['admin'],
    params: AdminContestParams,
    responses: { 200: AdminContestGame, ...answers, 409: ErrorAnswer.describe('STATUS_CHANGE_REFUSED.') },
  });

export const publishAdminContest = action('publish', 'Publie un jeu-concours : visible dès son début.');
export const unpublishAdminContest = action('unpublish', 'Remet un jeu-concours sans participant en brouillon.');
export const closeAdminContest = action('close', 'Clôture un jeu-concours en cours maintenant.');

export const DrawBody = z.object({
  method: z.enum(CONTEST_DRAW_METHODS, { error: 'Choisissez une méthode de tirage.' }),
});
export const drawAdminContest = defineEndpoint({
  method: 'POST',
  path: '/pro/admin/contests/:id/draw',
  summary:
    'Tire les gagnants d’un jeu clos, une fois : RANKING (le haut du classement) ou RANDOM (au hasard parmi les participants, graine enregistrée).',
  tags: ['admin'],
  params: AdminContestParams,
  body: DrawBody,
  responses: { 200: AdminContestGame, ...answers, 409: ErrorAnswer.describe('STATUS_CHANGE_REFUSED.') },
});

export const uploadAdminContestVisual = defineEndpoint({
  method: 'POST',
  path: '/pro/admin/contests/visuals',
  summary:
    'Envoie le visuel d’un jeu-concours (multipart/form-data : file, alt) : vérifié par son contenu, comme ceux des billetteries ; à ranger ensuite dans le jeu (visual.url).',
  tags: ['admin'],
  responses: {
    201: z.object({ visual: Visual }),
    400: ErrorAnswer,
    404: ErrorAnswer,
    413: ErrorAnswer,
    415: ErrorAnswer,
    503: ErrorAnswer,
  },
});
