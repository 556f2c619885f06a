import type { AdminContestGame, AuditEntry, ErrorAnswer } from '@guichet/contracts';
import { parisDate, seededDraw } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestGames, contestParticipations, contestWinners } from '../../src/db/schema.js';
import { drawContest } from '../../src/services/admin/contests.js';
import { drawWinners } from '../../src/services/contests/draw.js';
import { listOutbox } from '../../src/services/mail/outbox.js';
import { bearer, registerUser } from '../auth/support.js';
import { createTestApp, validationIssues } from '../helpers.js';
import { adminUser } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof adminUser>>;

const DAY = 86_400_000;
const day = (offset: number) => parisDate(new Date(Date.now() + offset * DAY));
const TIE_BREAK = 987_653;
const doc = (words: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }],
});

/** A game input: open from yesterday to in five days, two prizes, two questions (right answers 2 and 0). */
const gameInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Gagnez vos places pour le festival',
  summary: 'Trois questions, deux lots.',
  description: doc('Un jeu pour les curieux.'),
  rules: doc('Règlement : un seul gagnant par lot.'),
  startsAt: { date: day(-1), time: '10:00' },
  endsAt: { date: day(5), time: '18:00' },
  prizes: [
    { label: 'Deux pass trois jours', value: '150,00' },
    { label: 'Un tee-shirt', value: '25,50' },
  ],
  questions: [
    { label: 'Quelle ville accueille le festival ?', choices: ['Lyon', 'Nantes', 'Arles'], answer: 2 },
    { label: 'En quelle saison ?', choices: ['Été', 'Hiver'], answer: 0 },
  ],
  tieBreakLabel: 'Combien de festivaliers en 2025 ?',
  tieBreakAnswer: TIE_BREAK,
  ...overrides,
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  context.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createdGame(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/pro/admin/contests', gameInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminContestGame>();
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await adminUser(context);
});
afterAll(async () => {
  await context.close();
});

/** Every public read of a game, logged in as `token` when given: the bodies, as text. */
async function publicBodies(gameId: number, token?: string) {
  const headers = token ? bearer(token) : {};
  const urls = ['/contest-games', `/contest-games/${gameId}`, `/contest-games/${gameId}/ranking`];
  return Promise.all(
    urls.map(async (url) => {
      const response = await context.app.inject({ method: 'GET', url, headers });
      return { url, status: response.statusCode, body: response.body };
    }),
  );
}

describe('the back office’s contest games', () => {
  it('create → publish → a visitor plays (answers hidden) → close → draw at random, once, mailed, logged', async () => {
    const game = await createdGame();
    expect(game).toMatchObject({ status: 'DRAFT', state: 'OPEN', participantCount: 0, draw: null });
    expect(game.prizes).toEqual([
      { label: 'Deux pass trois jours', valueCents: 15_000 },
      { label: 'Un tee-shirt', valueCents: 2_550 },
    ]);
    expect(game.questions.map((question) => question.answer)).toEqual([2, 0]);
    const [row] = await context.database.db.select().from(contestGames).where(eq(contestGames.id, game.id));
    expect(row?.prize).toBe('Deux pass trois jours');

    // A draft is shown nowhere, and nobody plays it.
    const visitor = await registerUser(context.app, { firstname: 'Lou', lastname: 'Gagnant' });
    const play = (gameId: number, token: string) =>
      context.app.inject({
        method: 'POST',
        url: `/contest-games/${gameId}/participations`,
        headers: bearer(token),
        payload: { answers: [2, 0], tieBreak: 4_000 },
      });
    const [list, page, ranking] = await publicBodies(game.id);
    expect(list?.body).not.toContain(game.title);
    expect(page?.status).toBe(404);
    expect(ranking?.status).toBe(404);
    expect((await play(game.id, visitor.tokens.accessToken)).statusCode).toBe(404);

    const published = await call('POST', `/pro/admin/contests/${game.id}/publish`);
    expect(published.json<AdminContestGame>().status).toBe('PUBLISHED');
    expect((await play(game.id, visitor.tokens.accessToken)).statusCode).toBe(201);
    const others = await Promise.all(
      ['Ana', 'Bea', 'Cyd', 'Dan'].map((firstname) => registerUser(context.app, { firstname, lastname: 'Joueur' })),
    );
    for (const other of others) expect((await play(game.id, other.tokens.accessToken)).statusCode).toBe(201);

    // While open, no public answer carries a right answer or the tie-break's value, logged in or not.
    for (const token of [undefined, visitor.tokens.accessToken]) {
      for (const { url, status, body } of await publicBodies(game.id, token)) {
        expect(status, url).toBe(200);
        expect(body, url).not.toMatch(/"answer"\s*:/);
        expect(body, url).not.toMatch(/tieBreakAnswer/);
        expect(body, url).not.toContain(String(TIE_BREAK));
        expect(body, url).not.toMatch(/"score"\s*:\s*\d/);
        expect(body, url).not.toMatch(/"rank"\s*:\s*\d/);
      }
    }

    // Questions are locked once somebody played; the rest still changes.
    const locked = await call('PUT', `/pro/admin/contests/${game.id}`, gameInput({ tieBreakAnswer: 1 }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json<ErrorAnswer>()).toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
    expect(locked.json<ErrorAnswer>().message).toMatch(/ont déjà participé/);
    const retitled = await call('PUT', `/pro/admin/contests/${game.id}`, gameInput({ summary: 'Deux questions.' }));
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect((await call('POST', `/pro/admin/contests/${game.id}/unpublish`)).statusCode).toBe(409);

    // Not closed yet: no draw.
    const early = await call('POST', `/pro/admin/contests/${game.id}/draw`, { method: 'RANDOM' });
    expect(early.statusCode).toBe(409);
    const closed = await call('POST', `/pro/admin/contests/${game.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<AdminContestGame>().state).toBe('CLOSED');
    // The job leaves a game just closed to the editors (its grace period).
    expect((await drawWinners(context.database.db, new Date())).some((winner) => winner.gameId === game.id)).toBe(
      false,
    );

    const draws = await Promise.all([
      call('POST', `/pro/admin/contests/${game.id}/draw`, { method: 'RANDOM' }),
      call('POST', `/pro/admin/contests/${game.id}/draw`, { method: 'RANKING' }),
    ]);
    expect(draws.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const drawn = (await call('GET', `/pro/admin/contests/${game.id}`)).json<AdminContestGame>();
    expect(drawn.draw?.drawnBy).toBe(admin.email);
    expect(drawn.winners).toHaveLength(2);
    const participations = await context.database.db
      .select({ id: contestParticipations.id, email: contestParticipations.userId })
      .from(contestParticipations)
      .where(eq(contestParticipations.contestGameId, game.id));
    expect(participations).toHaveLength(5);
    if (drawn.draw?.method === 'RANDOM') {
      // Replayed from its stored seed, the draw names the same winners in the same order.
      const seed = drawn.draw.seed ?? '';
      expect(seed).toMatch(/^[0-9a-f]{32}$/);
      const winners = await context.database.db
        .select()
        .from(contestWinners)
        .where(eq(contestWinners.contestGameId, game.id));
      const byRank = winners.sort((a, b) => a.rank - b.rank).map((winner) => winner.participationId);
      expect(
        seededDraw(
          seed,
          participations.map((row) => row.id),
          2,
        ),
      ).toEqual(byRank);
    } else {
      expect(drawn.draw?.seed).toBeNull();
    }

    // The winners got their mail, once each.
    const mails = (await listOutbox(context.env.MAIL_OUTBOX_DIR)).filter(
      (mail) => mail.subject === 'Vous avez gagné !',
    );
    for (const winner of drawn.winners) expect(mails.filter((mail) => mail.to === winner.email)).toHaveLength(1);

    // Drawn, the game stays closed: its dates no longer change.
    const reopened = await call('PUT', `/pro/admin/contests/${game.id}`, gameInput({ summary: 'Deux questions.' }));
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json<ErrorAnswer>().message).toBe(
      'Les gagnants de ce jeu-concours sont tirés : ses dates ne changent plus.',
    );

    // The dates as the form shows them (to the minute) are no change: the texts still change.
    const same = await call(
      'PUT',
      `/pro/admin/contests/${game.id}`,
      gameInput({ summary: 'Résumé après le tirage.', startsAt: drawn.startsAt, endsAt: drawn.endsAt }),
    );
    expect(same.statusCode, same.body).toBe(200);

    // After the close, the public ranking is published with the scores.
    const rankingAfter = JSON.parse((await publicBodies(game.id))[2]?.body ?? '{}');
    expect(rankingAfter.published).toBe(true);
    expect(rankingAfter.items[0].score).toBe(2);

    // Every write has its audit row, CLOSE and DRAW included.
    const audit = (await call('GET', `/pro/admin/audit?entity=CONTEST_GAME&entityId=${game.id}`)).json<{
      entries: AuditEntry[];
    }>();
    expect(audit.entries.map((entry) => entry.action).reverse()).toEqual([
      'CREATE',
      'PUBLISH',
      'UPDATE',
      'CLOSE',
      'DRAW',
      'UPDATE',
    ]);
    expect(audit.entries.every((entry) => entry.userEmail === admin.email)).toBe(true);
  });

  it('a random draw is the seed’s: the same seed gives the same winners on two games with the same players', async () => {
    const players = await Promise.all(
      ['Eve', 'Fred', 'Gus', 'Hoa', 'Ivo', 'Jan'].map((firstname) =>
        registerUser(context.app, { firstname, lastname: 'Seed' }),
      ),
    );
    const winnersOf = async (seed: string) => {
      const game = await createdGame({
        prizes: [
          { label: 'Lot', value: '10' },
          { label: 'Lot 2', value: '5' },
        ],
      });
      await call('POST', `/pro/admin/contests/${game.id}/publish`);
      for (const player of players)
        await context.app.inject({
          method: 'POST',
          url: `/contest-games/${game.id}/participations`,
          headers: bearer(player.tokens.accessToken),
          payload: { answers: [0, 1], tieBreak: 1 },
        });
      await call('POST', `/pro/admin/contests/${game.id}/close`);
      const { game: drawn, winners } = await drawContest(
        context.database.db,
        { id: admin.id },
        game.id,
        'RANDOM',
        new Date(),
        seed,
      );
      expect(drawn.draw).toMatchObject({ method: 'RANDOM', seed, drawnBy: admin.email });
      return winners.map((winner) => winner.email);
    };
    const first = await winnersOf('graine-fixe');
    expect(first).toHaveLength(2);
    expect(await winnersOf('graine-fixe')).toEqual(first);
  });

  it('takes a visual checked by its content, and refuses an address it did not store', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('alt', 'Le festival de nuit');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'festival.png');
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/pro/admin/contests/visuals',
      headers: admin.headers,
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { visual } = uploaded.json<{ visual: { url: string; alt: string; width: number; height: number } }>();
    expect(visual.url).toMatch(/^\/media\//);
    const game = await createdGame({ visual });
    expect(game.visual).toEqual(visual);
    const text = new FormData();
    text.append('file', new Blob(['pas une image'], { type: 'image/png' }), 'faux.png');
    const refused = await context.app.inject({
      method: 'POST',
      url: '/pro/admin/contests/visuals',
      headers: admin.headers,
      payload: text,
    });
    expect(refused.statusCode).toBe(415);
    const elsewhere = await call(
      'POST',
      '/pro/admin/contests',
      gameInput({ visual: { url: 'https://ailleurs.example/image.png', alt: '' } }),
    );
    expect(validationIssues(elsewhere).map((issue) => issue.path.join('.'))).toEqual(['visual.url']);
  });

  it('lists the games, paged and searched, with their state and participants', async () => {
    await createdGame({ title: 'Un quiz introuvable ailleurs' });
    const found = await call('GET', '/pro/admin/contests?q=introuvable');
    expect(found.statusCode).toBe(200);
    const body = found.json<{ items: { title: string; state: string; participantCount: number }[]; total: number }>();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ title: 'Un quiz introuvable ailleurs', state: 'OPEN', participantCount: 0 });
    const paged = await call('GET', '/pro/admin/contests?pageSize=1&page=2');
    expect(paged.json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('refuses bad input with a French 4xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ endsAt: { date: day(-2), time: '10:00' } }, 'endsAt'],
      [{ startsAt: { date: '0000-01-01', time: '10:00' } }, 'startsAt'],
      [{ questions: [{ label: 'Q', choices: ['a', 'b'], answer: 2 }] }, 'questions'],
      [{ questions: [{ label: 'Q', choices: ['a'], answer: 0 }] }, 'questions'],
      [{ prizes: [] }, 'prizes'],
      [{ prizes: [{ label: 'Lot', value: '-3' }] }, 'prizes'],
      [{ title: 'a\u0000b' }, 'title'],
      [{ title: 'x'.repeat(10_000) }, 'title'],
      [{ ticketingId: 2_000_000_000 }, 'ticketingId'],
      [{ tieBreakAnswer: 1.5 }, 'tieBreakAnswer'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('POST', '/pro/admin/contests', gameInput(overrides));
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      const issues = validationIssues(response);
      expect(issues.some((issue) => issue.path[0] === field)).toBe(true);
    }
    expect((await call('GET', '/pro/admin/contests/999999')).statusCode).toBe(404);
    expect((await call('POST', '/pro/admin/contests/999999/draw', { method: 'RANDOM' })).statusCode).toBe(404);
    expect((await call('POST', '/pro/admin/contests/1/draw', { method: 'AU_PIF' })).statusCode).toBe(400);
  });

  it('a draft is never drawn, by hand or by the job', async () => {
    const game = await createdGame({
      startsAt: { date: day(-10), time: '10:00' },
      endsAt: { date: day(-3), time: '10:00' },
    });
    const refused = await call('POST', `/pro/admin/contests/${game.id}/draw`, { method: 'RANKING' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>().message).toBe('Un jeu-concours en brouillon n’a pas de gagnants.');
    await drawWinners(context.database.db, new Date());
    const [row] = await context.database.db.select().from(contestGames).where(eq(contestGames.id, game.id));
    expect(row?.winnersDrawnAt).toBeNull();
  });
});
