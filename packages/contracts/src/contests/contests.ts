/**
 * Contest games (jeux-concours): the list, one game, its ranking and a participation. A French giveaway is
 * free to enter, publishes its rules (« règlement »), names its prizes with their value and its end date.
 */
import { CONTEST_STATES, CONTEST_TIE_BREAK_MAX, CONTEST_TIE_BREAK_MIN } from '@guichet/domain';
import { z } from 'zod';
import { RichTextDocument, Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { PageNumber } from '../text.js';

export const ContestState = z
  .enum(CONTEST_STATES)
  .describe('UPCOMING pas encore commencé, OPEN ouvert aux participations, CLOSED terminé (gagnants tirés).');
export type ContestState = z.infer<typeof ContestState>;

export const ContestPrize = z
  .object({
    label: z.string(),
    valueCents: z.number().int().min(0).describe('Valeur commerciale indicative, en centimes.'),
  })
  .meta({ id: 'ContestPrize', description: 'Un lot : un gagnant par lot, dans l’ordre du classement.' });
export type ContestPrize = z.infer<typeof ContestPrize>;

export const ContestWinner = z.object({
  rank: z.number().int(),
  name: z.string().describe('Prénom et initiale du nom, ex. « Camille M. ».'),
  prize: z.string(),
});
export type ContestWinner = z.infer<typeof ContestWinner>;

export const ContestGameSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    prize: z.string().describe('Le lot en une phrase.'),
    visual: Visual.nullable(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    state: ContestState,
    winners: z.array(ContestWinner).describe('Vide tant que le jeu n’est pas clos et tiré.'),
  })
  .meta({ id: 'ContestGameSummary', description: 'Un jeu-concours dans la liste.' });
export type ContestGameSummary = z.infer<typeof ContestGameSummary>;

export const ContestQuestion = z.object({
  id: z.number().int(),
  label: z.string(),
  choices: z.array(z.string()).describe('Réponses proposées ; la bonne n’est jamais envoyée.'),
});
export type ContestQuestion = z.infer<typeof ContestQuestion>;

export const ContestParticipationSummary = z.object({
  answers: z.array(z.number().int()),
  tieBreak: z.number().int(),
  score: z
    .number()
    .int()
    .nullable()
    .describe('Nombre de bonnes réponses, publié à la clôture du jeu ; null tant qu’il est ouvert.'),
  createdAt: z.iso.datetime(),
});
export type ContestParticipationSummary = z.infer<typeof ContestParticipationSummary>;

export const ContestGameDetail = ContestGameSummary.extend({
  description: RichTextDocument,
  rules: RichTextDocument.nullable().describe('Le règlement du jeu.'),
  prizes: z.array(ContestPrize),
  questions: z.array(ContestQuestion),
  tieBreak: z.object({
    label: z.string(),
    min: z.number().int(),
    max: z.number().int(),
  }),
  participantCount: z.number().int(),
  participation: ContestParticipationSummary.nullable().describe(
    'La participation de l’appelant connecté (Authorization: Bearer) ; null sinon.',
  ),
}).meta({
  id: 'ContestGameDetail',
  description: 'Un jeu-concours, ses questions (sans les bonnes réponses) et ses lots.',
});
export type ContestGameDetail = z.infer<typeof ContestGameDetail>;

export const ContestGameParams = z.object({
  id: pathId('L’identifiant du jeu-concours'),
});

export const CONTEST_NOT_FOUND_MESSAGE = 'Ce jeu-concours n’existe pas.';

export const listContestGames = defineEndpoint({
  method: 'GET',
  path: '/contest-games',
  summary: 'Les jeux-concours : ouverts d’abord, puis à venir, puis terminés avec leurs gagnants.',
  tags: ['contests'],
  responses: { 200: z.object({ items: z.array(ContestGameSummary) }) },
});

export const getContestGame = defineEndpoint({
  method: 'GET',
  path: '/contest-games/:id',
  summary: 'Un jeu-concours ; avec Authorization: Bearer, la participation de l’appelant.',
  tags: ['contests'],
  params: ContestGameParams,
  responses: { 200: ContestGameDetail, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer },
});

/** Rank, score and distance: published once the game is closed (null while it is open). */
export const ContestRankingRow = z.object({
  rank: z.number().int().nullable().describe('Rang au classement ; null tant que le jeu est ouvert.'),
  name: z.string().describe('Prénom et initiale du nom.'),
  score: z.number().int().nullable().describe('Bonnes réponses ; null tant que le jeu est ouvert.'),
  tieBreakDistance: z
    .number()
    .int()
    .nullable()
    .describe('Écart entre l’estimation et la bonne valeur ; null tant que le jeu est ouvert.'),
  createdAt: z.iso.datetime(),
  isMe: z.boolean().describe('Vrai pour la ligne de l’appelant connecté.'),
});
export type ContestRankingRow = z.infer<typeof ContestRankingRow>;

export const ContestRanking = z.object({
  published: z
    .boolean()
    .describe(
      'Vrai une fois le jeu clos : le classement avec rangs, bonnes réponses et écarts. Faux tant qu’il est ouvert : les participants dans l’ordre de leur participation, sans rien de leurs réponses.',
    ),
  endsAt: z.iso.datetime().describe('La clôture du jeu, quand le classement est publié.'),
  items: z.array(ContestRankingRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  me: ContestRankingRow.nullable().describe('La ligne de l’appelant connecté, même hors de la page ; null sinon.'),
});
export type ContestRanking = z.infer<typeof ContestRanking>;

export const getContestRanking = defineEndpoint({
  method: 'GET',
  path: '/contest-games/:id/ranking',
  summary:
    'Le classement, publié à la clôture : bonnes réponses décroissantes, puis écart à la question subsidiaire, puis première participation. Pendant le jeu : les participants, sans score ni écart.',
  tags: ['contests'],
  params: ContestGameParams,
  query: z.object({ page: PageNumber }),
  responses: { 200: ContestRanking, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer },
});

export const CONTEST_TIE_BREAK_MESSAGE = `Indiquez un nombre entier entre ${CONTEST_TIE_BREAK_MIN} et ${CONTEST_TIE_BREAK_MAX.toLocaleString('fr-FR')}.`;

export const ParticipationInput = z.object({
  answers: z
    .array(z.number().int().min(0).max(50))
    .min(1)
    .max(50)
    .describe('L’indice de la réponse choisie, une par question, dans l’ordre des questions.'),
  tieBreak: z
    .number({ error: CONTEST_TIE_BREAK_MESSAGE })
    .int({ error: CONTEST_TIE_BREAK_MESSAGE })
    .min(CONTEST_TIE_BREAK_MIN, { error: CONTEST_TIE_BREAK_MESSAGE })
    .max(CONTEST_TIE_BREAK_MAX, { error: CONTEST_TIE_BREAK_MESSAGE })
    .describe('Réponse à la question subsidiaire.'),
});
export type ParticipationInput = z.infer<typeof ParticipationInput>;

export const participateInContest = defineEndpoint({
  method: 'POST',
  path: '/contest-games/:id/participations',
  summary: 'Participer (Authorization: Bearer) : une seule participation par personne ; le score est calculé ici.',
  tags: ['contests'],
  params: ContestGameParams,
  body: ParticipationInput,
  responses: {
    201: ContestParticipationSummary,
    400: ErrorAnswer,
    401: ErrorAnswer,
    404: ErrorAnswer,
    409: ErrorAnswer.describe('ALREADY_PARTICIPATED, GAME_NOT_STARTED ou GAME_CLOSED.'),
  },
});

/** Development and tests only: draws the winners of every closed game now (what the job does). */
export const drawContestWinners = defineEndpoint({
  method: 'POST',
  path: '/dev/contest-games/draw',
  summary: 'Développement seulement : tire les gagnants des jeux-concours terminés.',
  tags: ['dev'],
  responses: { 200: z.object({ drawnGames: z.number().int(), winners: z.number().int() }), 404: ErrorAnswer },
});
