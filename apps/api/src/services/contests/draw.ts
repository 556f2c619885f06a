/**
 * The winners' draw of closed contest games, one winner a prize: the top of the ranking (RANKING, what the
 * job does), or at random among the players from a stored seed (RANDOM, an editor's choice in the back
 * office; docs/decisions/0069). Drawn once: the
 * game's `winners_drawn_at` is claimed by a guarded UPDATE in the same transaction as the winners' insert,
 * so two draws running together (two API processes, the job and the dev route) never both write, and the
 * unique keys (game, rank) and (participation) stand behind it.
 */
import { type ContestDrawMethod, seededDraw } from '@guichet/domain';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { contestGames, contestParticipations, contestWinners, users } from '../../db/schema.js';
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

/** How a draw is made and by whom: the job draws the ranking, by nobody (drawnBy null), without a seed. */
export type DrawHow = { method: ContestDrawMethod; seed: string | null; drawnBy: number | null };
const BY_THE_JOB: DrawHow = { method: 'RANKING', seed: null, drawnBy: null };

/** The players a seed picks, in rank order (the seeded draw of the domain, over the game's participations). */
async function randomWinners(tx: Executor, gameId: number, seed: string, count: number) {
  const players = await tx
    .select({ id: contestParticipations.id })
    .from(contestParticipations)
    .where(eq(contestParticipations.contestGameId, gameId));
  const picked = seededDraw(
    seed,
    players.map((player) => player.id),
    count,
  );
  if (picked.length === 0) return [];
  const rows = await tx
    .select({
      participationId: contestParticipations.id,
      email: users.email,
      firstname: users.firstname,
    })
    .from(contestParticipations)
    .innerJoin(users, eq(users.id, contestParticipations.userId))
    .where(inArray(contestParticipations.id, picked));
  const byId = new Map(rows.map((row) => [row.participationId, row]));
  return picked.flatMap((id, index) => {
    const row = byId.get(id);
    return row ? [{ ...row, rank: index + 1 }] : [];
  });
}

/**
 * Draws one published game inside `tx`: nothing when it is not closed at `now`, a draft or already drawn. The
 * guarded UPDATE claims the draw and writes its trail (who, how, the seed) in the same statement.
 */
export async function drawGameWinners(
  tx: Executor,
  gameId: number,
  now: Date,
  how: DrawHow = BY_THE_JOB,
): Promise<DrawnWinner[]> {
  const [game] = await tx
    .update(contestGames)
    .set({ winnersDrawnAt: now, drawMethod: how.method, drawSeed: how.seed, drawnBy: how.drawnBy })
    .where(
      and(
        eq(contestGames.id, gameId),
        eq(contestGames.status, 'PUBLISHED'),
        isNull(contestGames.winnersDrawnAt),
        lte(contestGames.endsAt, now),
      ),
    )
    .returning({ title: contestGames.title, prize: contestGames.prize, prizes: contestGames.prizes });
  if (!game) return [];
  // A game without a priced list still has its one prize, the sentence of its card.
  const prizes = game.prizes.length > 0 ? game.prizes.map((prize) => prize.label) : [game.prize];
  const top =
    how.method === 'RANDOM' && how.seed !== null
      ? await randomWinners(tx, gameId, how.seed, prizes.length)
      : await topOfRanking(tx, gameId, prizes.length);
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

/**
 * The job waits this long after a game closes before drawing it by the ranking: the editors' time to draw it
 * by hand (at random, say) once they closed it; a game nobody draws is drawn by the job (docs/decisions/0069).
 */
export const AUTO_DRAW_GRACE_MS = 60 * 60_000;

/**
 * Draws by the ranking every published game closed for AUTO_DRAW_GRACE_MS at `now` and not drawn yet (by
 * hand or by a run before), one transaction each; the winners this run drew.
 */
export async function drawWinners(db: Database, now: Date): Promise<DrawnWinner[]> {
  const due = await db
    .select({ id: contestGames.id })
    .from(contestGames)
    .where(
      and(
        eq(contestGames.status, 'PUBLISHED'),
        isNull(contestGames.winnersDrawnAt),
        lte(contestGames.endsAt, new Date(now.getTime() - AUTO_DRAW_GRACE_MS)),
      ),
    )
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
