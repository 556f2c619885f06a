import type { ContestGameDetail, ContestGameSummary, ContestRanking, ErrorAnswer } from '@guichet/contracts';
import { CONTEST_RANKING_PAGE_SIZE } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { contestGames, contestParticipations, contestQuestions, contestWinners, users } from '../../src/db/schema.js';
import { drawWinners, notifyWinners } from '../../src/services/contests/draw.js';
import { listOutbox } from '../../src/services/mail/outbox.js';
import { bearer, registerUser, type Tokens } from '../auth/support.js';
import { createTestApp, validationIssues } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let db: Database;
let player: { id: number; tokens: Tokens };

const DAY = 86_400_000;
const QUESTIONS = [
  { label: 'Q1', choices: ['a', 'b', 'c'], answer: 1 },
  { label: 'Q2', choices: ['a', 'b'], answer: 0 },
];
const TIE_BREAK_ANSWER = 500;

/** A game around now (day offsets), with the two questions above and a tie-break of 500. */
async function insertGame(from: number, until: number, prizes = [{ label: 'Un lot', valueCents: 5_000 }]) {
  const now = Date.now();
  const [game] = await db
    .insert(contestGames)
    .values({
      slug: `jeu-${Math.random().toString(36).slice(2)}`,
      title: 'Jeu de test',
      summary: 'Résumé',
      description: { type: 'doc', content: [] },
      rules: { type: 'doc', content: [] },
      prize: prizes[0]?.label ?? 'Un lot',
      prizes,
      tieBreakLabel: 'Combien ?',
      tieBreakAnswer: TIE_BREAK_ANSWER,
      startsAt: new Date(now + from * DAY),
      endsAt: new Date(now + until * DAY),
    })
    .returning({ id: contestGames.id });
  if (!game) throw new Error('no game');
  await db
    .insert(contestQuestions)
    .values(QUESTIONS.map((question, position) => ({ ...question, contestGameId: game.id, position })));
  return game.id;
}

/** Ends a game now: its results are then published. */
async function closeGame(gameId: number) {
  await db
    .update(contestGames)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(contestGames.id, gameId));
}

let userCount = 0;
/** A member inserted directly (no password to hash): ranking rows, not callers. */
async function insertMember(firstname: string, lastname: string) {
  userCount += 1;
  const [user] = await db
    .insert(users)
    .values({ firstname, lastname, email: `joueur.${userCount}.${Date.now()}@exemple.fr`, passwordHash: 'x' })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error('no user');
  return user;
}

async function insertParticipation(
  gameId: number,
  userId: number,
  score: number,
  tieBreak: number,
  minutesAgo: number,
) {
  await db.insert(contestParticipations).values({
    contestGameId: gameId,
    userId,
    answers: [0, 0],
    score,
    tieBreak,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
}

beforeAll(async () => {
  context = await createTestApp();
  db = context.database.db;
  player = await registerUser(context.app, { firstname: 'Camille', lastname: 'Martin' });
});
afterAll(async () => {
  await context.close();
});

const participate = (gameId: number, body: unknown, tokens: Tokens = player.tokens) =>
  context.app.inject({
    method: 'POST',
    url: `/contest-games/${gameId}/participations`,
    headers: bearer(tokens.accessToken),
    payload: body as Record<string, unknown>,
  });

describe('POST /contest-games/:id/participations', () => {
  it('takes exactly one of 20 participations of the same user arriving at once', async () => {
    const gameId = await insertGame(-1, 5);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => participate(gameId, { answers: [1, 0], tieBreak: 480 })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((answer) => answer.statusCode === 409))
      expect(response.json<ErrorAnswer>().code).toBe('ALREADY_PARTICIPATED');
    const created = responses.find((response) => response.statusCode === 201);
    // The server scores (both answers right), but says nothing of it while the game is open.
    expect(created?.json()).toMatchObject({ answers: [1, 0], tieBreak: 480, score: null });
    const rows = await db.select().from(contestParticipations).where(eq(contestParticipations.contestGameId, gameId));
    expect(rows.map((row) => row.score)).toEqual([2]);

    const detail = () =>
      context.app.inject({
        method: 'GET',
        url: `/contest-games/${gameId}`,
        headers: bearer(player.tokens.accessToken),
      });
    expect((await detail()).json<ContestGameDetail>().participation).toMatchObject({ score: null, tieBreak: 480 });
    // Closed: the score is told.
    await closeGame(gameId);
    expect((await detail()).json<ContestGameDetail>().participation).toMatchObject({ score: 2, tieBreak: 480 });
  });

  it('refuses a game not started yet and a closed one with their 409 codes', async () => {
    const upcoming = await insertGame(2, 10);
    const closed = await insertGame(-10, -1);
    const early = await participate(upcoming, { answers: [0, 0], tieBreak: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorAnswer>().code).toBe('GAME_NOT_STARTED');
    const late = await participate(closed, { answers: [0, 0], tieBreak: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorAnswer>().code).toBe('GAME_CLOSED');
    const rows = await db.select().from(contestParticipations).where(eq(contestParticipations.userId, player.id));
    expect(rows.every((row) => row.contestGameId !== upcoming && row.contestGameId !== closed)).toBe(true);
  });

  it('answers 400 with issues for a wrong answer count, a choice out of range or a bad tie-break', async () => {
    const gameId = await insertGame(-1, 5);
    expect(validationIssues(await participate(gameId, { answers: [1], tieBreak: 3 }))[0]?.path).toEqual(['answers']);
    expect(validationIssues(await participate(gameId, { answers: [1, 2], tieBreak: 3 }))[0]?.path).toEqual([
      'answers',
      1,
    ]);
    for (const tieBreak of [1.5, -1, 1_000_001, '12'])
      expect(validationIssues(await participate(gameId, { answers: [1, 0], tieBreak }))[0]?.path).toEqual(['tieBreak']);
    // None of them counted: the real one still goes through.
    expect((await participate(gameId, { answers: [1, 0], tieBreak: 3 })).statusCode).toBe(201);
  });

  it('asks for a bearer and answers 404 for an unknown game', async () => {
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/contest-games/1/participations',
      payload: { answers: [0], tieBreak: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await participate(999_999, { answers: [0, 0], tieBreak: 1 })).statusCode).toBe(404);
  });
});

describe('GET /contest-games/:id/ranking', () => {
  it('ranks by right answers, then tie-break distance, then the earliest participation', async () => {
    const gameId = await insertGame(-10, -1);
    const a = await insertMember('Anne', 'Aubert');
    const b = await insertMember('Bruno', 'bernard');
    const c = await insertMember('Chloé', 'Caron');
    const d = await insertMember('David', 'Dupont');
    const e = await insertMember('Emma', 'Faure');
    await insertParticipation(gameId, a.id, 1, TIE_BREAK_ANSWER, 50); // fewer right answers: last
    await insertParticipation(gameId, b.id, 2, TIE_BREAK_ANSWER + 30, 40); // distance 30
    await insertParticipation(gameId, c.id, 2, TIE_BREAK_ANSWER - 10, 10); // distance 10, later
    await insertParticipation(gameId, d.id, 2, TIE_BREAK_ANSWER + 10, 30); // distance 10, earlier
    await insertParticipation(gameId, e.id, 2, TIE_BREAK_ANSWER + 30, 20); // distance 30, later than Bruno
    const response = await context.app.inject({ method: 'GET', url: `/contest-games/${gameId}/ranking` });
    expect(response.statusCode).toBe(200);
    const ranking = response.json<ContestRanking>();
    expect(ranking.published).toBe(true);
    expect(ranking.items.map((row) => [row.rank, row.name, row.score, row.tieBreakDistance])).toEqual([
      [1, 'David D.', 2, 10],
      [2, 'Chloé C.', 2, 10],
      [3, 'Bruno B.', 2, 30],
      [4, 'Emma F.', 2, 30],
      [5, 'Anne A.', 1, 0],
    ]);
    expect(ranking).toMatchObject({ total: 5, page: 1, pageSize: CONTEST_RANKING_PAGE_SIZE, me: null });
    // First name and initial only: the last name never leaves the API.
    expect(response.body).not.toContain('Dupont');
  });

  it('gives the caller their own rank even when it is not on the page', async () => {
    const gameId = await insertGame(-3, 5);
    for (let index = 0; index < CONTEST_RANKING_PAGE_SIZE + 2; index += 1) {
      const member = await insertMember(`Joueur${index}`, 'Test');
      await insertParticipation(gameId, member.id, 2, TIE_BREAK_ANSWER, 100 - index);
    }
    expect((await participate(gameId, { answers: [0, 1], tieBreak: 0 })).statusCode).toBe(201);
    await closeGame(gameId);
    const url = `/contest-games/${gameId}/ranking`;
    const first = (
      await context.app.inject({ method: 'GET', url, headers: bearer(player.tokens.accessToken) })
    ).json<ContestRanking>();
    expect(first.items).toHaveLength(CONTEST_RANKING_PAGE_SIZE);
    expect(first.items.some((row) => row.isMe)).toBe(false);
    expect(first.me).toMatchObject({ rank: CONTEST_RANKING_PAGE_SIZE + 3, name: 'Camille M.', score: 0, isMe: true });
    const second = (
      await context.app.inject({ method: 'GET', url: `${url}?page=2`, headers: bearer(player.tokens.accessToken) })
    ).json<ContestRanking>();
    expect(second.items.map((row) => row.rank)).toEqual([21, 22, 23]);
    expect(second.items.at(-1)?.isMe).toBe(true);
  });
});

describe('GET /contest-games/:id/ranking while the game is open', () => {
  it('tells nothing of anyone’s answers: no rank, score or distance, the participants in the order they took part', async () => {
    const gameId = await insertGame(-3, 5);
    const a = await insertMember('Anne', 'Aubert');
    const b = await insertMember('Bruno', 'Bernard');
    await insertParticipation(gameId, a.id, 0, 1, 30);
    await insertParticipation(gameId, b.id, 2, TIE_BREAK_ANSWER, 20);
    expect((await participate(gameId, { answers: [1, 0], tieBreak: 12_400 })).statusCode).toBe(201);
    const url = `/contest-games/${gameId}/ranking`;
    const response = await context.app.inject({ method: 'GET', url, headers: bearer(player.tokens.accessToken) });
    expect(response.statusCode).toBe(200);
    const ranking = response.json<ContestRanking>();
    expect(ranking.published).toBe(false);
    expect(ranking.items.map((row) => [row.name, row.rank, row.score, row.tieBreakDistance])).toEqual([
      ['Anne A.', null, null, null],
      ['Bruno B.', null, null, null],
      ['Camille M.', null, null, null],
    ]);
    expect(ranking.me).toMatchObject({
      name: 'Camille M.',
      rank: null,
      score: null,
      tieBreakDistance: null,
      isMe: true,
    });
    // Not in any field, whatever its name: the distance to 500 of Camille's 12 400 would give the answer away.
    expect(response.body).not.toMatch(/11900|"score":\d|"rank":\d|"tieBreakDistance":\d/);

    // Closed: the full ranking, with its distances.
    await closeGame(gameId);
    const closed = (
      await context.app.inject({ method: 'GET', url, headers: bearer(player.tokens.accessToken) })
    ).json<ContestRanking>();
    expect(closed.published).toBe(true);
    expect(closed.items.map((row) => [row.rank, row.name, row.score, row.tieBreakDistance])).toEqual([
      [1, 'Bruno B.', 2, 0],
      [2, 'Camille M.', 2, 11_900],
      [3, 'Anne A.', 0, 499],
    ]);
  });
});

describe('drawWinners', () => {
  it('draws a closed game’s winners once, even when two draws run at once, and mails each once', async () => {
    const gameId = await insertGame(-10, -1, [
      { label: 'Premier lot', valueCents: 10_000 },
      { label: 'Second lot', valueCents: 5_000 },
    ]);
    const first = await insertMember('Léa', 'Moreau');
    const second = await insertMember('Hugo', 'Petit');
    const third = await insertMember('Inès', 'Roux');
    await insertParticipation(gameId, third.id, 1, TIE_BREAK_ANSWER, 30);
    await insertParticipation(gameId, second.id, 2, TIE_BREAK_ANSWER + 5, 20);
    await insertParticipation(gameId, first.id, 2, TIE_BREAK_ANSWER, 10);
    const now = new Date();
    const runs = await Promise.all([drawWinners(db, now), drawWinners(db, now)]);
    const drawn = runs.flat().filter((winner) => winner.gameId === gameId);
    expect(drawn.map((winner) => [winner.rank, winner.email, winner.prize])).toEqual([
      [1, first.email, 'Premier lot'],
      [2, second.email, 'Second lot'],
    ]);
    const rows = await db.select().from(contestWinners).where(eq(contestWinners.contestGameId, gameId));
    expect(rows).toHaveLength(2);
    // A later run finds nothing more to draw.
    expect((await drawWinners(db, new Date())).filter((winner) => winner.gameId === gameId)).toEqual([]);

    await notifyWinners(context.app.mailer, 'https://guichet.test', runs.flat(), context.app.log);
    const mails = (await listOutbox(context.env.MAIL_OUTBOX_DIR)).filter(
      (mail) => mail.subject === 'Vous avez gagné !',
    );
    expect(mails.filter((mail) => mail.to === first.email)).toHaveLength(1);
    expect(mails.filter((mail) => mail.to === second.email)).toHaveLength(1);
    expect(mails.some((mail) => mail.to === third.email)).toBe(false);

    const list = (await context.app.inject({ method: 'GET', url: '/contest-games' })).json<{
      items: ContestGameSummary[];
    }>();
    const game = list.items.find((item) => item.id === gameId);
    expect(game?.state).toBe('CLOSED');
    expect(game?.winners).toEqual([
      { rank: 1, name: 'Léa M.', prize: 'Premier lot' },
      { rank: 2, name: 'Hugo P.', prize: 'Second lot' },
    ]);
  });

  it('never draws an open game', async () => {
    const gameId = await insertGame(-1, 3);
    const member = await insertMember('Nina', 'Blanc');
    await insertParticipation(gameId, member.id, 2, 0, 5);
    expect((await drawWinners(db, new Date())).some((winner) => winner.gameId === gameId)).toBe(false);
    const [game] = await db.select().from(contestGames).where(eq(contestGames.id, gameId));
    expect(game?.winnersDrawnAt).toBeNull();
  });
});

describe('GET /contest-games and GET /contest-games/:id', () => {
  it('lists open games first, then upcoming, then closed', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/contest-games' });
    expect(response.statusCode).toBe(200);
    const states = response.json<{ items: ContestGameSummary[] }>().items.map((item) => item.state);
    const order = { OPEN: 0, UPCOMING: 1, CLOSED: 2 } as const;
    expect(states).toEqual([...states].sort((a, b) => order[a] - order[b]));
    expect(new Set(states)).toEqual(new Set(['OPEN', 'UPCOMING', 'CLOSED']));
  });

  it('sends the questions without their right answers, the prizes with their values, and no participation anonymously', async () => {
    const gameId = await insertGame(-1, 5);
    const response = await context.app.inject({ method: 'GET', url: `/contest-games/${gameId}` });
    expect(response.statusCode).toBe(200);
    const game = response.json<ContestGameDetail>();
    expect(game.questions.map((question) => Object.keys(question).sort())).toEqual([
      ['choices', 'id', 'label'],
      ['choices', 'id', 'label'],
    ]);
    expect(game).toMatchObject({
      state: 'OPEN',
      prizes: [{ label: 'Un lot', valueCents: 5_000 }],
      participation: null,
    });
    // The tie-break's right value stays on the server, as the questions' answers do.
    expect(game.tieBreak).toEqual({ label: 'Combien ?', min: 0, max: 1_000_000 });
    expect((await context.app.inject({ method: 'GET', url: '/contest-games/999999' })).statusCode).toBe(404);
    const badToken = await context.app.inject({
      method: 'GET',
      url: `/contest-games/${gameId}`,
      headers: { authorization: 'Bearer abc' },
    });
    expect(badToken.statusCode).toBe(401);
  });
});
