/**
 * The back office's contest games (issue 27): list, read, write, publish, close and draw, each write with its
 * audit row in its own transaction. What the editors see carries the right answers and the tie-break's value;
 * the public reads (services/contests) never do. Once a game has a participation, its questions, right answers
 * and tie-break are locked: a change would make the stored scores lie (docs/decisions/0069).
 */

import { randomBytes } from 'node:crypto';
import {
  ADMIN_CONTEST_NOT_FOUND_MESSAGE,
  type AdminContestGame,
  type AdminContestSummary,
  CONTEST_CLOSE_REFUSED_MESSAGE,
  CONTEST_DRAW_REFUSED_MESSAGES,
  CONTEST_DRAWN_DATES_MESSAGE,
  CONTEST_QUESTIONS_LOCKED_MESSAGE,
  CONTEST_TICKETING_NOT_FOUND_MESSAGE,
  CONTEST_UNPUBLISH_REFUSED_MESSAGE,
  CONTEST_VISUAL_NOT_FOUND_MESSAGE,
  type ContestGameInput,
} from '@guichet/contracts';
import {
  type ContestDrawMethod,
  contestStateAt,
  type EditorialStatus,
  MEDIA_PATH_PREFIX,
  parisDate,
  parisInstant,
  parisParts,
  publicPlayerName,
  slugify,
} from '@guichet/domain';
import { asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  contestGames,
  contestParticipations,
  contestQuestions,
  contestWinners,
  ticketings,
  users,
} from '../../db/schema.js';
import { HttpError, invalidField } from '../../lib/http-error.js';
import { type DrawnWinner, drawGameWinners } from '../contests/draw.js';
import { mediaFilePath } from '../uploads/media-files.js';
import { changesBetween, type Editor, recordAudit } from './audit.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
type GameRow = typeof contestGames.$inferSelect;

const notFound = () => new HttpError(404, 'NOT_FOUND', ADMIN_CONTEST_NOT_FOUND_MESSAGE);
const refused = (message: string) => new HttpError(409, 'STATUS_CHANGE_REFUSED', message);

const parisOf = (instant: Date) => {
  const { hour, minute } = parisParts(instant);
  return { date: parisDate(instant), time: `${hour}:${minute}` };
};

async function participantsOf(db: Executor, gameIds: number[]): Promise<Map<number, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({ gameId: contestParticipations.contestGameId, value: count() })
    .from(contestParticipations)
    .where(inArray(contestParticipations.contestGameId, gameIds))
    .groupBy(contestParticipations.contestGameId);
  return new Map(rows.map((row) => [row.gameId, row.value]));
}

export type ContestListFilter = { q?: string; page: number; pageSize: number };

/** One page of the games, the latest created first, searched by title. */
export async function listContests(
  db: Database,
  filter: ContestListFilter,
  now: Date,
): Promise<{ items: AdminContestSummary[]; total: number }> {
  const where = filter.q ? ilike(contestGames.title, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contestGames)
      .where(where)
      .orderBy(desc(contestGames.createdAt), desc(contestGames.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(contestGames).where(where),
  ]);
  const counts = await participantsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      state: contestStateAt(row, now),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      participantCount: counts.get(row.id) ?? 0,
      drawnAt: row.winnersDrawnAt?.toISOString() ?? null,
    })),
    total: total?.total ?? 0,
  };
}

async function questionsOf(db: Executor, gameId: number) {
  return db
    .select({ label: contestQuestions.label, choices: contestQuestions.choices, answer: contestQuestions.answer })
    .from(contestQuestions)
    .where(eq(contestQuestions.contestGameId, gameId))
    .orderBy(asc(contestQuestions.position), asc(contestQuestions.id));
}

async function gameOf(db: Executor, id: number, now: Date): Promise<AdminContestGame | null> {
  const [game] = await db.select().from(contestGames).where(eq(contestGames.id, id));
  if (!game) return null;
  const [questions, counts, winners, [drawer]] = await Promise.all([
    questionsOf(db, id),
    participantsOf(db, [id]),
    db
      .select({
        rank: contestWinners.rank,
        prize: contestWinners.prize,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
      })
      .from(contestWinners)
      .innerJoin(contestParticipations, eq(contestParticipations.id, contestWinners.participationId))
      .innerJoin(users, eq(users.id, contestParticipations.userId))
      .where(eq(contestWinners.contestGameId, id))
      .orderBy(asc(contestWinners.rank)),
    game.drawnBy === null
      ? Promise.resolve([])
      : db.select({ email: users.email }).from(users).where(eq(users.id, game.drawnBy)),
  ]);
  return {
    id: game.id,
    slug: game.slug,
    title: game.title,
    summary: game.summary,
    description: game.description,
    rules: game.rules ?? null,
    startsAt: parisOf(game.startsAt),
    endsAt: parisOf(game.endsAt),
    ticketingId: game.ticketingId,
    visual: game.visual ?? null,
    prizes: game.prizes,
    questions,
    tieBreakLabel: game.tieBreakLabel,
    tieBreakAnswer: game.tieBreakAnswer,
    status: game.status,
    state: contestStateAt(game, now),
    participantCount: counts.get(id) ?? 0,
    draw: game.winnersDrawnAt
      ? {
          at: game.winnersDrawnAt.toISOString(),
          method: game.drawMethod ?? 'RANKING',
          seed: game.drawSeed,
          drawnBy: drawer?.email ?? null,
        }
      : null,
    winners: winners.map((row) => ({
      rank: row.rank,
      name: publicPlayerName(row.firstname, row.lastname),
      email: row.email,
      prize: row.prize,
    })),
  };
}

export async function getContest(db: Database, id: number, now: Date): Promise<AdminContestGame> {
  const game = await gameOf(db, id, now);
  if (!game) throw notFound();
  return game;
}

/** The columns an input writes (the `prize` sentence is the first prize's label). */
function columnsOf(input: ContestGameInput) {
  return {
    slug: slugify(input.title) || 'jeu-concours',
    title: input.title,
    summary: input.summary,
    description: input.description as GameRow['description'],
    rules: input.rules as GameRow['rules'],
    startsAt: parisInstant(input.startsAt.date, input.startsAt.time),
    endsAt: parisInstant(input.endsAt.date, input.endsAt.time),
    ticketingId: input.ticketingId ?? null,
    prize: input.prizes[0]?.label ?? '',
    prizes: input.prizes.map((prize) => ({ label: prize.label, valueCents: prize.value })),
    tieBreakLabel: input.tieBreakLabel,
    tieBreakAnswer: input.tieBreakAnswer,
  };
}

async function checkTicketing(tx: Executor, ticketingId: number | null | undefined) {
  if (ticketingId === null || ticketingId === undefined) return;
  const [found] = await tx.select({ id: ticketings.id }).from(ticketings).where(eq(ticketings.id, ticketingId));
  if (!found) throw invalidField('body', ['ticketingId'], CONTEST_TICKETING_NOT_FOUND_MESSAGE);
}

/** Where the uploaded visuals are (UPLOADS_DIR): what a game's visual is checked against. */
export type MediaStore = { directory: string };

/**
 * The visual to store: a file the upload stored (checked by its content then: uploadAdminContestVisual), with the
 * size its upload answered (the width is the file name's); or the one the game already shows (kept as it is).
 * No address from elsewhere gets in.
 */
async function resolveVisual(
  input: ContestGameInput['visual'],
  current: GameRow['visual'],
  media: MediaStore,
): Promise<GameRow['visual']> {
  if (!input) return null;
  if (current && current.url === input.url) return { ...current, alt: input.alt };
  const name = input.url.startsWith(MEDIA_PATH_PREFIX) ? input.url.slice(MEDIA_PATH_PREFIX.length) : '';
  const path = name ? await mediaFilePath(media.directory, name) : null;
  const width = Number(/-(\d+)\.webp$/.exec(name)?.[1] ?? 0);
  if (!path || !input.height || (input.width !== undefined && input.width !== width))
    throw invalidField('body', ['visual', 'url'], CONTEST_VISUAL_NOT_FOUND_MESSAGE);
  return { url: input.url, alt: input.alt, width, height: input.height };
}

async function writeQuestions(tx: Executor, gameId: number, questions: ContestGameInput['questions']) {
  await tx.delete(contestQuestions).where(eq(contestQuestions.contestGameId, gameId));
  await tx.insert(contestQuestions).values(
    questions.map((question, position) => ({
      contestGameId: gameId,
      position,
      label: question.label,
      choices: question.choices,
      answer: question.answer,
    })),
  );
}

/** What the audit log compares: the columns, dates as instants, and the questions. */
const auditedOf = (
  row: Omit<ReturnType<typeof columnsOf>, 'slug'> & { visual: GameRow['visual'] },
  questions: unknown,
) => ({
  title: row.title,
  visual: row.visual?.url ?? null,
  summary: row.summary,
  description: row.description,
  rules: row.rules,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  ticketingId: row.ticketingId,
  prizes: row.prizes,
  questions,
  tieBreakLabel: row.tieBreakLabel,
  tieBreakAnswer: row.tieBreakAnswer,
});

/** A new game, always a DRAFT. */
export async function createContest(
  db: Database,
  editor: Editor,
  input: ContestGameInput,
  now: Date,
  media: MediaStore,
): Promise<AdminContestGame> {
  const visual = await resolveVisual(input.visual, null, media);
  const id = await db.transaction(async (tx) => {
    await checkTicketing(tx, input.ticketingId);
    const columns = { ...columnsOf(input), visual };
    const [created] = await tx
      .insert(contestGames)
      .values({ ...columns, status: 'DRAFT' })
      .returning({ id: contestGames.id });
    if (!created) throw new Error('contest game not written');
    await writeQuestions(tx, created.id, input.questions);
    await recordAudit(tx, editor, {
      action: 'CREATE',
      entity: 'CONTEST_GAME',
      entityId: created.id,
      label: input.title,
      changes: changesBetween({}, auditedOf(columns, input.questions)),
    });
    return created.id;
  });
  return getContest(db, id, now);
}

/** Locks the game's row for the rest of the transaction: writes, status changes and draws never interleave. */
async function lockedGame(tx: Executor, id: number): Promise<GameRow> {
  const [game] = await tx.select().from(contestGames).where(eq(contestGames.id, id)).for('update');
  if (!game) throw notFound();
  return game;
}

async function participationCount(tx: Executor, gameId: number): Promise<number> {
  return (await participantsOf(tx, [gameId])).get(gameId) ?? 0;
}

export async function updateContest(
  db: Database,
  editor: Editor,
  id: number,
  input: ContestGameInput,
  now: Date,
  media: MediaStore,
): Promise<AdminContestGame> {
  await db.transaction(async (tx) => {
    const game = await lockedGame(tx, id);
    const visual = await resolveVisual(input.visual, game.visual, media);
    await checkTicketing(tx, input.ticketingId);
    const questions = await questionsOf(tx, id);
    // A date shown to the minute and sent back untouched keeps its stored instant (a close has its seconds).
    const sameMinute = (stored: Date, sent: { date: string; time: string }) => {
      const shown = parisOf(stored);
      return shown.date === sent.date && shown.time === sent.time ? stored : parisInstant(sent.date, sent.time);
    };
    const columns = {
      ...columnsOf(input),
      startsAt: sameMinute(game.startsAt, input.startsAt),
      endsAt: sameMinute(game.endsAt, input.endsAt),
      visual,
    };
    const before = auditedOf(game, questions);
    const after = auditedOf(columns, input.questions);
    const scoresTouched =
      JSON.stringify(before.questions) !== JSON.stringify(after.questions) ||
      before.tieBreakLabel !== after.tieBreakLabel ||
      before.tieBreakAnswer !== after.tieBreakAnswer;
    if (scoresTouched && (await participationCount(tx, id)) > 0) throw refused(CONTEST_QUESTIONS_LOCKED_MESSAGE);
    // Drawn, a game stays closed: new dates would reopen it to players after its winners.
    if (game.winnersDrawnAt && (before.startsAt !== after.startsAt || before.endsAt !== after.endsAt))
      throw refused(CONTEST_DRAWN_DATES_MESSAGE);
    // A published game keeps its address: its slug is set once, at creation.
    const { slug: _slug, ...kept } = columns;
    await tx.update(contestGames).set(kept).where(eq(contestGames.id, id));
    if (scoresTouched) await writeQuestions(tx, id, input.questions);
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, editor, {
        action: 'UPDATE',
        entity: 'CONTEST_GAME',
        entityId: id,
        label: input.title,
        changes,
      });
  });
  return getContest(db, id, now);
}

/** Publish (shown from its start) or back to a draft (only while nobody took part). */
export async function setContestStatus(
  db: Database,
  editor: Editor,
  id: number,
  status: EditorialStatus,
  now: Date,
): Promise<AdminContestGame> {
  await db.transaction(async (tx) => {
    const game = await lockedGame(tx, id);
    if (game.status === status) return;
    if (status === 'DRAFT' && (await participationCount(tx, id)) > 0) throw refused(CONTEST_UNPUBLISH_REFUSED_MESSAGE);
    await tx.update(contestGames).set({ status }).where(eq(contestGames.id, id));
    await recordAudit(tx, editor, {
      action: status === 'PUBLISHED' ? 'PUBLISH' : 'UNPUBLISH',
      entity: 'CONTEST_GAME',
      entityId: id,
      label: game.title,
      changes: changesBetween({ status: game.status }, { status }),
    });
  });
  return getContest(db, id, now);
}

/** Closes a published, open game now: its end moves to `now` (an upcoming or ended game is refused). */
export async function closeContest(db: Database, editor: Editor, id: number, now: Date): Promise<AdminContestGame> {
  await db.transaction(async (tx) => {
    const game = await lockedGame(tx, id);
    if (game.status !== 'PUBLISHED' || contestStateAt(game, now) !== 'OPEN')
      throw refused(CONTEST_CLOSE_REFUSED_MESSAGE);
    await tx.update(contestGames).set({ endsAt: now }).where(eq(contestGames.id, id));
    await recordAudit(tx, editor, {
      action: 'CLOSE',
      entity: 'CONTEST_GAME',
      entityId: id,
      label: game.title,
      changes: changesBetween({ endsAt: game.endsAt.toISOString() }, { endsAt: now.toISOString() }),
    });
  });
  return getContest(db, id, now);
}

/** A seed for a random draw: 128 bits of the platform's cryptographic generator, as hex. */
export const newDrawSeed = () => randomBytes(16).toString('hex');

/**
 * Draws a closed game's winners once, by the ranking or at random from a new seed, with its trail and audit
 * row in the draw's transaction. Answers the game and the winners drawn, to be e-mailed after the commit.
 */
export async function drawContest(
  db: Database,
  editor: Editor,
  id: number,
  method: ContestDrawMethod,
  now: Date,
  seed: string = newDrawSeed(),
): Promise<{ game: AdminContestGame; winners: DrawnWinner[] }> {
  const winners = await db.transaction(async (tx) => {
    const game = await lockedGame(tx, id);
    if (game.status !== 'PUBLISHED') throw refused(CONTEST_DRAW_REFUSED_MESSAGES.DRAFT);
    if (game.winnersDrawnAt) throw refused(CONTEST_DRAW_REFUSED_MESSAGES.DRAWN);
    if (game.endsAt.getTime() > now.getTime()) throw refused(CONTEST_DRAW_REFUSED_MESSAGES.OPEN);
    const how = { method, seed: method === 'RANDOM' ? seed : null, drawnBy: editor.id };
    const drawn = await drawGameWinners(tx, id, now, how);
    // The guarded UPDATE under the row lock cannot miss; if it did, nothing was drawn and nothing is logged.
    const [claimed] = await tx
      .select({ at: contestGames.winnersDrawnAt })
      .from(contestGames)
      .where(eq(contestGames.id, id));
    if (!claimed?.at) throw refused(CONTEST_DRAW_REFUSED_MESSAGES.DRAWN);
    await recordAudit(tx, editor, {
      action: 'DRAW',
      entity: 'CONTEST_GAME',
      entityId: id,
      label: game.title,
      changes: changesBetween(
        {},
        {
          drawMethod: how.method,
          drawSeed: how.seed,
          winners: drawn.map((winner) => `${winner.rank}. ${winner.email} — ${winner.prize}`),
        },
      ),
    });
    return drawn;
  });
  return { game: await getContest(db, id, now), winners };
}
