/**
 * /jeux-concours/:id/participate against the real API (issue 24 §3 and §5): login required, the participation
 * stored as answered, the form's French messages on the question or the field they are about, one
 * participation a member — and the game loaded once a request, whether the parent's loader runs after the
 * action (a post without JavaScript) or alone.
 */
import { CONTEST_TIE_BREAK_MAX, FORM_MESSAGES, formatMessage } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contestGames, contestParticipations, contestQuestions } from '../../../api/src/db/schema';
import { realApi } from '../../test/real-api';
import { cookiesOf, post } from '../../test/requests';
import { guest, thrown } from '../../test/session-support';
import { loader as gameLoader } from './contest-game.route';
import { action, loader } from './contest-participate.route';

const real = realApi();
const DAY = 86_400_000;

async function insertGame(from: number, until: number) {
  const [game] = await real
    .db()
    .insert(contestGames)
    .values({
      slug: `jeu-${Math.random().toString(36).slice(2)}`,
      title: 'Grand jeu de test',
      summary: 'Résumé',
      description: { type: 'doc', content: [] },
      rules: { type: 'doc', content: [] },
      prize: 'Un lot',
      prizes: [{ label: 'Un lot', valueCents: 5_000 }],
      tieBreakLabel: 'Combien ?',
      tieBreakAnswer: 500,
      startsAt: new Date(Date.now() + from * DAY),
      endsAt: new Date(Date.now() + until * DAY),
    })
    .returning({ id: contestGames.id });
  if (!game) throw new Error('no game');
  await real
    .db()
    .insert(contestQuestions)
    .values([
      { contestGameId: game.id, position: 0, label: 'Q1', choices: ['a', 'b', 'c'], answer: 1 },
      { contestGameId: game.id, position: 1, label: 'Q2', choices: ['a', 'b'], answer: 0 },
    ]);
  return game.id;
}

let open: number;
beforeAll(async () => {
  open = await insertGame(-1, 10);
});

const page = (id: number) => `/jeux-concours/${id}/participate`;
const params = (id: number) => ({ contestGameID: String(id) });

/** The form posted by a member whose participation the API takes: the redirect the action throws. */
async function participate(id: number, fields: Record<string, string>, context: ReturnType<typeof guest>) {
  const answer = await thrown(() =>
    action({ request: post(page(id), fields), params: params(id), context } as never),
  ).catch(() => null);
  return answer;
}

/** Calls of GET /contest-games/:id the web made. */
const fetchSpy = () => vi.spyOn(globalThis, 'fetch');
const gameLoads = (spy: ReturnType<typeof fetchSpy>, id: number) =>
  spy.mock.calls.filter(
    ([input]) => new URL(String(input instanceof Request ? input.url : input)).pathname === `/contest-games/${id}`,
  ).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('participating in a contest', () => {
  it('a guest is sent to the login page, to come back here', async () => {
    for (const work of [
      () =>
        loader({
          request: new Request(`http://localhost:3000${page(open)}`),
          params: params(open),
          context: guest(),
        } as never),
      () => action({ request: post(page(open), { tieBreak: '1' }), params: params(open), context: guest() } as never),
    ]) {
      const redirect = (await thrown(work)) as Response;
      expect(redirect.headers.get('Location')).toBe('/auth/login');
      expect(cookiesOf(redirect)).toMatch(/^guichet_after_login=/);
    }
  });

  it('a member’s answers are stored as given, then the ranking, at their own line', async () => {
    const member = await real.member();
    const redirect = (await participate(
      open,
      { 'answer-0': '1', 'answer-1': '1', tieBreak: '480' },
      member.context(),
    )) as Response;
    expect(redirect.headers.get('Location')).toBe(`/jeux-concours/${open}/ranking#moi`);
    const [row] = await real
      .db()
      .select()
      .from(contestParticipations)
      .where(eq(contestParticipations.userId, member.id));
    expect(row).toMatchObject({ contestGameId: open, answers: [1, 1], tieBreak: 480, score: 1 });
  });

  it('a question left unanswered and a tie-break out of range are said on their fields, in French', async () => {
    const member = await real.member();
    const answer = (await action({
      request: post(page(open), { 'answer-0': '2', tieBreak: String(CONTEST_TIE_BREAK_MAX + 1) }),
      params: params(open),
      context: member.context(),
    } as never)) as unknown as {
      init: { status: number };
      data: { reply: { errors: Record<string, string>; values: object } };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.reply.errors).toEqual({
      'answer-1': FORM_MESSAGES.required,
      tieBreak: formatMessage(FORM_MESSAGES.maxValue, CONTEST_TIE_BREAK_MAX),
    });
    expect(answer.data.reply.values).toMatchObject({ 'answer-0': '2' });
    expect(
      await real.db().select().from(contestParticipations).where(eq(contestParticipations.userId, member.id)),
    ).toEqual([]);
  });

  it('an answer that is none of the choices is refused by the API on its question', async () => {
    const member = await real.member();
    const answer = (await action({
      request: post(page(open), { 'answer-0': '1', 'answer-1': '7', tieBreak: '12' }),
      params: params(open),
      context: member.context(),
    } as never)) as unknown as {
      init: { status: number };
      data: { reply: { errors: Record<string, string> }; error: string | null };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.reply.errors).toEqual({ 'answer-1': 'Choisissez une des réponses proposées.' });
    expect(answer.data.error).toBeNull();
  });

  it('a second participation is refused above the form; a closed game too', async () => {
    const member = await real.member();
    const fields = { 'answer-0': '0', 'answer-1': '0', tieBreak: '1' };
    await participate(open, fields, member.context());
    const again = (await action({
      request: post(page(open), fields),
      params: params(open),
      context: member.context(),
    } as never)) as unknown as {
      init: { status: number };
      data: { error: string };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.error).toBe('Vous avez déjà participé à ce jeu-concours.');
    const closed = await insertGame(-10, -1);
    const late = (await action({
      request: post(page(closed), fields),
      params: params(closed),
      context: member.context(),
    } as never)) as unknown as {
      init: { status: number };
      data: { error: string };
    };
    expect(late.init.status).toBe(409);
    expect(late.data.error).toBe('Ce jeu-concours est terminé.');
  });

  it('the game is loaded once a request: the action and the parent’s loader after it share it', async () => {
    const member = await real.member();
    const context = member.context();
    const spy = fetchSpy();
    const request = post(page(open), { 'answer-0': '1' });
    const refused = (await action({ request, params: params(open), context } as never)) as unknown as {
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    const { game } = await gameLoader({ request, params: params(open), context } as never);
    expect(game).toMatchObject({ id: open, participation: null });
    expect(await loader({ request, params: params(open), context } as never)).toBeNull();
    expect(gameLoads(spy, open)).toBe(1);
  });

  it('the parent’s loader says the member already took part (their score kept back while the game runs)', async () => {
    const member = await real.member();
    await participate(open, { 'answer-0': '1', 'answer-1': '0', tieBreak: '500' }, member.context());
    const request = new Request(`http://localhost:3000${page(open)}`);
    const { game } = await gameLoader({ request, params: params(open), context: member.context() } as never);
    expect(game.participation).toMatchObject({ score: null, createdAt: expect.any(String) });
  });
});
