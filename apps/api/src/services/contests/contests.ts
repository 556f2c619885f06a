/**
 * Contest games: the list, one game, the ranking and a participation. The state is computed from the
 * dates; one participation per user is the unique key's job (insert … on conflict), never a read first.
 */
import type {
  ContestGameDetail,
  ContestGameSummary,
  ContestParticipationSummary,
  ContestRanking,
  ContestRankingRow,
  ContestWinner,
  ParticipationInput,
} from '@guichet/contracts';
import {
  CONTEST_RANKING_PAGE_SIZE,
  CONTEST_STATE_ORDER,
  CONTEST_TIE_BREAK_MAX,
  CONTEST_TIE_BREAK_MIN,
  type ContestState,
  contestResultsPublished,
  contestStateAt,
  publicPlayerName,
} from '@guichet/domain';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { contestGames, contestParticipations, contestQuestions, contestWinners, users } from '../../db/schema.js';
import { HttpError, invalidField } from '../../lib/http-error.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

type GameRow = typeof contestGames.$inferSelect;

/** A public read sees published games only: a DRAFT is shown nowhere (list, page, ranking, participation). */
const published = (id?: number) =>
  id === undefined
    ? eq(contestGames.status, 'PUBLISHED')
    : and(eq(contestGames.id, id), eq(contestGames.status, 'PUBLISHED'));

async function winnersOf(db: Executor, gameIds: number[]): Promise<Map<number, ContestWinner[]>> {
  const byGame = new Map<number, ContestWinner[]>();
  if (gameIds.length === 0) return byGame;
  const rows = await db
    .select({
      gameId: contestWinners.contestGameId,
      rank: contestWinners.rank,
      prize: contestWinners.prize,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(contestWinners)
    .innerJoin(contestParticipations, eq(contestParticipations.id, contestWinners.participationId))
    .innerJoin(users, eq(users.id, contestParticipations.userId))
    .where(inArray(contestWinners.contestGameId, gameIds))
    .orderBy(asc(contestWinners.contestGameId), asc(contestWinners.rank));
  for (const row of rows) {
    const list = byGame.get(row.gameId) ?? [];
    list.push({ rank: row.rank, name: publicPlayerName(row.firstname, row.lastname), prize: row.prize });
    byGame.set(row.gameId, list);
  }
  return byGame;
}

function summaryOf(game: GameRow, now: Date, winners: ContestWinner[]): ContestGameSummary {
  return {
    id: game.id,
    slug: game.slug,
    title: game.title,
    summary: game.summary,
    prize: game.prize,
    visual: game.visual ?? null,
    startsAt: game.startsAt.toISOString(),
    endsAt: game.endsAt.toISOString(),
    state: contestStateAt(game, now),
    winners,
  };
}

/** Open games first (ending soonest first), then upcoming (starting soonest), then closed (latest first). */
export async function listContestGames(db: Database, now: Date): Promise<ContestGameSummary[]> {
  const games = await db
    .select()
    .from(contestGames)
    .where(published())
    .orderBy(asc(contestGames.endsAt), asc(contestGames.id));
  const winners = await winnersOf(
    db,
    games.filter((game) => contestStateAt(game, now) === 'CLOSED').map((game) => game.id),
  );
  const items = games.map((game) => summaryOf(game, now, winners.get(game.id) ?? []));
  const key = (item: ContestGameSummary) =>
    item.state === 'UPCOMING'
      ? Date.parse(item.startsAt)
      : item.state === 'OPEN'
        ? Date.parse(item.endsAt)
        : -Date.parse(item.endsAt);
  return items.sort(
    (a, b) => CONTEST_STATE_ORDER[a.state] - CONTEST_STATE_ORDER[b.state] || key(a) - key(b) || a.id - b.id,
  );
}

/** The caller's own participation: its score only once the game is closed (contestResultsPublished). */
const participationOf = (
  row: typeof contestParticipations.$inferSelect,
  state: ContestState,
): ContestParticipationSummary => ({
  answers: row.answers,
  tieBreak: row.tieBreak,
  score: contestResultsPublished(state) ? row.score : null,
  createdAt: row.createdAt.toISOString(),
});

export async function findContestGame(
  db: Database,
  id: number,
  userId: number | null,
  now: Date,
): Promise<ContestGameDetail | null> {
  const [game] = await db.select().from(contestGames).where(published(id));
  if (!game) return null;
  const questions = await db
    .select({ id: contestQuestions.id, label: contestQuestions.label, choices: contestQuestions.choices })
    .from(contestQuestions)
    .where(eq(contestQuestions.contestGameId, id))
    .orderBy(asc(contestQuestions.position), asc(contestQuestions.id));
  const [counted] = await db
    .select({ value: count() })
    .from(contestParticipations)
    .where(eq(contestParticipations.contestGameId, id));
  const [own] =
    userId === null
      ? []
      : await db
          .select()
          .from(contestParticipations)
          .where(and(eq(contestParticipations.contestGameId, id), eq(contestParticipations.userId, userId)));
  const winners = await winnersOf(db, [id]);
  const state = contestStateAt(game, now);
  return {
    ...summaryOf(game, now, winners.get(id) ?? []),
    description: game.description,
    rules: game.rules ?? null,
    prizes: game.prizes,
    questions,
    tieBreak: { label: game.tieBreakLabel, min: CONTEST_TIE_BREAK_MIN, max: CONTEST_TIE_BREAK_MAX },
    participantCount: counted?.value ?? 0,
    participation: own ? participationOf(own, state) : null,
  };
}

/**
 * The participations of a game as a subquery, numbered: ranked (right answers desc, then the distance of the
 * tie-break estimate asc, then the earliest participation, then the id so that ranks never tie), or, while
 * the results are not published, in the order of participation only — which tells nothing of the answers.
 */
function rankedParticipations(db: Executor, gameId: number, ranked = true) {
  const distance = sql<number>`abs(${contestParticipations.tieBreak} - ${contestGames.tieBreakAnswer})`;
  const order = ranked
    ? sql`${contestParticipations.score} desc, ${distance} asc, ${contestParticipations.createdAt} asc, ${contestParticipations.id} asc`
    : sql`${contestParticipations.createdAt} asc, ${contestParticipations.id} asc`;
  return db.$with('ranked').as(
    db
      .select({
        participationId: sql<number>`${contestParticipations.id}`.as('participation_id'),
        userId: sql<number>`${contestParticipations.userId}`.as('ranked_user_id'),
        score: sql<number>`${contestParticipations.score}`.as('ranked_score'),
        distance: distance.as('distance'),
        createdAt: sql<Date>`${contestParticipations.createdAt}`.as('ranked_created_at'),
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        rank: sql<number>`row_number() over (order by ${order})`.as('rank'),
      })
      .from(contestParticipations)
      .innerJoin(contestGames, eq(contestGames.id, contestParticipations.contestGameId))
      .innerJoin(users, eq(users.id, contestParticipations.userId))
      .where(eq(contestParticipations.contestGameId, gameId)),
  );
}

/** The first `limit` of the ranking (the winners' draw). */
export async function topOfRanking(db: Executor, gameId: number, limit: number) {
  const ranked = rankedParticipations(db, gameId);
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(asc(ranked.rank));
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/**
 * One page of the ranking, and the caller's own row. While the game is open nothing of the answers leaves
 * the API — no rank, score or distance, the rows in the order of participation (docs/decisions/0046).
 */
export async function contestRanking(
  db: Database,
  gameId: number,
  page: number,
  userId: number | null,
  now: Date,
): Promise<ContestRanking | null> {
  const [game] = await db
    .select({ startsAt: contestGames.startsAt, endsAt: contestGames.endsAt })
    .from(contestGames)
    .where(published(gameId));
  if (!game) return null;
  const resultsPublished = contestResultsPublished(contestStateAt(game, now));
  const pageSize = CONTEST_RANKING_PAGE_SIZE;
  const first = (page - 1) * pageSize + 1;
  const last = page * pageSize;
  const ranked = rankedParticipations(db, gameId, resultsPublished);
  const onPage = sql`${ranked.rank} between ${first} and ${last}`;
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(userId === null ? onPage : or(onPage, sql`${ranked.userId} = ${userId}`))
    .orderBy(asc(ranked.rank));
  const [counted] = await db
    .select({ value: count() })
    .from(contestParticipations)
    .where(eq(contestParticipations.contestGameId, gameId));
  const toRow = (row: (typeof rows)[number]): ContestRankingRow => ({
    rank: resultsPublished ? Number(row.rank) : null,
    name: publicPlayerName(row.firstname, row.lastname),
    score: resultsPublished ? Number(row.score) : null,
    tieBreakDistance: resultsPublished ? Number(row.distance) : null,
    createdAt: new Date(row.createdAt).toISOString(),
    isMe: userId !== null && Number(row.userId) === userId,
  });
  const listed = rows.map((row) => ({ position: Number(row.rank), row: toRow(row) }));
  return {
    published: resultsPublished,
    endsAt: game.endsAt.toISOString(),
    items: listed.filter(({ position }) => position >= first && position <= last).map(({ row }) => row),
    total: counted?.value ?? 0,
    page,
    pageSize,
    me: listed.find(({ row }) => row.isMe)?.row ?? null,
  };
}

export const ALREADY_PARTICIPATED_MESSAGE = 'Vous avez déjà participé à ce jeu-concours.';
export const GAME_NOT_STARTED_MESSAGE = 'Ce jeu-concours n’a pas encore commencé.';
export const GAME_CLOSED_MESSAGE = 'Ce jeu-concours est terminé.';

/** null when the game does not exist; otherwise the new participation, or an HttpError thrown. */
export async function participate(
  db: Database,
  gameId: number,
  userId: number,
  input: ParticipationInput,
  now: Date,
): Promise<ContestParticipationSummary | null> {
  const [game] = await db.select().from(contestGames).where(published(gameId));
  if (!game) return null;
  const state = contestStateAt(game, now);
  if (state === 'UPCOMING') throw new HttpError(409, 'GAME_NOT_STARTED', GAME_NOT_STARTED_MESSAGE);
  if (state === 'CLOSED') throw new HttpError(409, 'GAME_CLOSED', GAME_CLOSED_MESSAGE);
  const questions = await db
    .select()
    .from(contestQuestions)
    .where(eq(contestQuestions.contestGameId, gameId))
    .orderBy(asc(contestQuestions.position), asc(contestQuestions.id));
  if (input.answers.length !== questions.length)
    throw invalidField('body', ['answers'], `Répondez aux ${questions.length} questions, une réponse chacune.`);
  input.answers.forEach((answer, index) => {
    const question = questions[index];
    if (question && answer >= question.choices.length)
      throw invalidField('body', ['answers', index], 'Choisissez une des réponses proposées.');
  });
  const score = questions.reduce(
    (total, question, index) => total + (input.answers[index] === question.answer ? 1 : 0),
    0,
  );
  const [created] = await db
    .insert(contestParticipations)
    .values({ contestGameId: gameId, userId, answers: input.answers, tieBreak: input.tieBreak, score })
    .onConflictDoNothing({ target: [contestParticipations.contestGameId, contestParticipations.userId] })
    .returning();
  if (!created) throw new HttpError(409, 'ALREADY_PARTICIPATED', ALREADY_PARTICIPATED_MESSAGE);
  return participationOf(created, state);
}
