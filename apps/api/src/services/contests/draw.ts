/**
 * The winners' draw of closed contest games: the top of the ranking, one winner a prize. Drawn once: the
 * game's `winners_drawn_at` is claimed by a guarded UPDATE in the same transaction as the winners' insert,
 * so two draws running together (two API processes, the job and the dev route) never both write, and the
 * unique keys (game, rank) and (participation) stand behind it.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { contestGames, contestWinners } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { contestWinnerMail } from '../mail/templates.js';
import { topOfRanking } from './contests.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DrawnWinner = {
  gameId: number;
  gameTitle: string;
  rank: number;
  prize: string;
  email: string;
  firstname: string;
};

/** Draws one game inside `tx`: nothing when it is not closed at `now` or already drawn. */
export async function drawGameWinners(tx: Executor, gameId: number, now: Date): Promise<DrawnWinner[]> {
  const [game] = await tx
    .update(contestGames)
    .set({ winnersDrawnAt: now })
    .where(and(eq(contestGames.id, gameId), isNull(contestGames.winnersDrawnAt), lte(contestGames.endsAt, now)))
    .returning({ title: contestGames.title, prize: contestGames.prize, prizes: contestGames.prizes });
  if (!game) return [];
  // A game without a priced list still has its one prize, the sentence of its card.
  const prizes = game.prizes.length > 0 ? game.prizes.map((prize) => prize.label) : [game.prize];
  const top = await topOfRanking(tx, gameId, prizes.length);
  if (top.length === 0) return [];
  await tx.insert(contestWinners).values(
    top.map((row) => ({
      contestGameId: gameId,
      participationId: Number(row.participationId),
      rank: row.rank,
      prize: prizes[row.rank - 1] ?? game.prize,
    })),
  );
  return top.map((row) => ({
    gameId,
    gameTitle: game.title,
    rank: row.rank,
    prize: prizes[row.rank - 1] ?? game.prize,
    email: row.email,
    firstname: row.firstname,
  }));
}

/** Draws every game closed at `now` and not drawn yet, one transaction each; the winners this run drew. */
export async function drawWinners(db: Database, now: Date): Promise<DrawnWinner[]> {
  const due = await db
    .select({ id: contestGames.id })
    .from(contestGames)
    .where(and(isNull(contestGames.winnersDrawnAt), lte(contestGames.endsAt, now)))
    .orderBy(asc(contestGames.id));
  const drawn: DrawnWinner[] = [];
  for (const game of due) drawn.push(...(await db.transaction((tx) => drawGameWinners(tx, game.id, now))));
  return drawn;
}

/** Tells each winner, after the draw committed: only the run that drew them sends, so once. */
export async function notifyWinners(
  mailer: Mailer,
  siteUrl: string,
  winners: readonly DrawnWinner[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const winner of winners) {
    try {
      await mailer.send(
        contestWinnerMail({
          to: winner.email,
          firstname: winner.firstname,
          gameTitle: winner.gameTitle,
          prize: winner.prize,
          rankingUrl: `${siteUrl}/jeux-concours/${winner.gameId}/ranking`,
        }),
      );
    } catch (error) {
      log.error({ err: error, gameId: winner.gameId, rank: winner.rank }, 'e-mail au gagnant impossible');
    }
  }
}

export const DRAW_INTERVAL_MS = 5 * 60_000;

/** Runs the draw every few minutes in the API process; a run never overlaps the previous one. */
export function startWinnerDraw(
  deps: { db: Database; mailer: Mailer; siteUrl: string },
  log: FastifyBaseLogger,
  intervalMs = DRAW_INTERVAL_MS,
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = drawWinners(deps.db, new Date())
      .then(async (winners) => {
        if (winners.length > 0) log.info({ winners: winners.length }, 'gagnants des jeux-concours tirés');
        await notifyWinners(deps.mailer, deps.siteUrl, winners, log);
      })
      .catch((error: unknown) => log.error({ err: error }, 'tirage des gagnants impossible'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // A game that closed while the API was stopped is drawn at start, not minutes later.
  setImmediate(tick);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
