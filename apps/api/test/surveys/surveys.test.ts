/**
 * The survey of an event's attendee: the signed link is the only way in, one answer each (even sent ten
 * times at once), every question kind checked with the spec's messages, and the organizer's aggregates.
 */
import { FORM_MESSAGES, formatMessage, SURVEY_TEXT_MAX_LENGTH } from '@guichet/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyQuestions, surveys, ticketings, users } from '../../src/db/schema.js';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import type { SurveyParticipant } from '../../src/services/surveys/links.js';
import { firstPastTicketingOf } from '../../src/services/surveys/surveys.js';
import { registerUser } from '../auth/support.js';
import { createTestApp, validationIssues } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let camille: SurveyParticipant;
let questions: { id: number; kind: string; label: string; choices: string[] | null }[];

const url = (participant: SurveyParticipant, sig?: string | null) => {
  const path = `/surveys/${participant.surveyId}/${participant.ticketingId}/${participant.userId}`;
  const signature = sig === undefined ? context.app.surveyLinks.sign(participant) : sig;
  return signature === null ? path : `${path}?sig=${encodeURIComponent(signature)}`;
};

const question = (kind: string) => {
  const found = questions.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`no ${kind} question in the seeded survey`);
  return found;
};

/** Every required question of the evening survey answered correctly. */
function validAnswers(): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const { id, kind, choices } of questions) {
    if (kind === 'RATING') answers[id] = 4;
    if (kind === 'SINGLE_CHOICE') answers[id] = choices?.[0];
    if (kind === 'MULTIPLE_CHOICE') answers[id] = [choices?.[0], choices?.[1]];
    if (kind === 'TEXT') answers[id] = 'Très belle soirée, merci !';
  }
  return answers;
}

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  const [survey] = await db.select({ id: surveys.id }).from(surveys).orderBy(asc(surveys.id)).limit(1);
  const past = await firstPastTicketingOf(db, DEMO_ACCOUNT.email);
  if (!survey || !past) throw new Error('the seed has no survey or no past order for the demo account');
  camille = { surveyId: survey.id, ...past };
  questions = await db
    .select({
      id: surveyQuestions.id,
      kind: surveyQuestions.kind,
      label: surveyQuestions.label,
      choices: surveyQuestions.choices,
    })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, survey.id))
    .orderBy(asc(surveyQuestions.position));
});

afterAll(async () => {
  await context?.close();
});

describe('the signed link', () => {
  it('opens the survey of a past concert for its buyer', async () => {
    const response = await context.app.inject({ method: 'GET', url: url(camille) });
    expect(response.statusCode).toBe(200);
    const form = response.json();
    expect(form.answered).toBe(false);
    expect(form.survey.title).toBe('Votre avis sur la soirée');
    expect(form.ticketing.title).toBe('Kenza et les Lucioles — Lueurs');
    expect(form.questions.map((asked: { kind: string }) => asked.kind)).toEqual([
      'RATING',
      'RATING',
      'MULTIPLE_CHOICE',
      'SINGLE_CHOICE',
      'TEXT',
    ]);
  });

  it.each([
    ['no signature', null],
    ['a wrong signature', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['a signature cut short', 'AAAA'],
  ])('refuses %s with 403 FORBIDDEN, reading and answering alike', async (_, sig) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await context.app.inject({
        method,
        url: url(camille, sig),
        ...(method === 'POST' ? { payload: { answers: validAnswers() } } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('lien d’enquête') });
    }
  });

  it('refuses the signature of one participant on another’s ids', async () => {
    const mine = context.app.surveyLinks.sign(camille);
    for (const other of [
      { ...camille, userId: camille.userId + 1 },
      { ...camille, ticketingId: camille.ticketingId + 1 },
      { ...camille, surveyId: camille.surveyId + 1 },
    ]) {
      const response = await context.app.inject({ method: 'GET', url: url(other, mine) });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses an order link’s signature: each use has its own key', async () => {
    const orderSig = context.app.orderLinks.sign('download', camille.userId);
    const response = await context.app.inject({ method: 'GET', url: url(camille, orderSig) });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for unknown ids and for someone who bought no ticket of the ticketing', async () => {
    const stranger = await registerUser(context.app);
    for (const participant of [
      { ...camille, surveyId: 999_999 },
      { ...camille, ticketingId: 999_999 },
      { ...camille, userId: 999_999 },
      { ...camille, userId: stranger.id },
    ]) {
      const response = await context.app.inject({ method: 'GET', url: url(participant) });
      expect(response.statusCode, JSON.stringify(participant)).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the answers', () => {
  const post = (answers: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url: url(camille), payload: { answers } });
  const issuesOf = async (answers: Record<string, unknown>) =>
    validationIssues(await post(answers)).map((issue) => [issue.path.join('.'), issue.message]);

  it('names every required question left empty', async () => {
    const required = questions.filter((asked) => asked.kind !== 'TEXT');
    expect(await issuesOf({})).toEqual(required.map((asked) => [`answers.${asked.id}`, FORM_MESSAGES.required]));
  });

  it('keeps a rating within 1 to 5, whole', async () => {
    const rating = question('RATING').id;
    expect(await issuesOf({ ...validAnswers(), [rating]: 6 })).toEqual([
      [`answers.${rating}`, formatMessage(FORM_MESSAGES.maxValue, 5)],
    ]);
    expect(await issuesOf({ ...validAnswers(), [rating]: 0 })).toEqual([
      [`answers.${rating}`, formatMessage(FORM_MESSAGES.minValue, 1)],
    ]);
    expect(await issuesOf({ ...validAnswers(), [rating]: 2.5 })).toEqual([
      [`answers.${rating}`, FORM_MESSAGES.integer],
    ]);
  });

  it('accepts only the choices offered', async () => {
    const single = question('SINGLE_CHOICE').id;
    const multiple = question('MULTIPLE_CHOICE').id;
    expect(
      await issuesOf({ ...validAnswers(), [single]: 'Pas proposé', [multiple]: ['Affichage', 'Inventé'] }),
    ).toEqual(
      [
        [`answers.${multiple}`, FORM_MESSAGES.numeric],
        [`answers.${single}`, FORM_MESSAGES.numeric],
      ].sort(
        ([a], [b]) =>
          questions.findIndex((q) => `answers.${q.id}` === a) - questions.findIndex((q) => `answers.${q.id}` === b),
      ),
    );
    expect(await issuesOf({ ...validAnswers(), [single]: ['Peut-être'] })).toEqual([
      [`answers.${single}`, FORM_MESSAGES.numeric],
    ]);
  });

  it('bounds the free text with the spec’s message and refuses control characters', async () => {
    const text = question('TEXT').id;
    expect(await issuesOf({ ...validAnswers(), [text]: 'x'.repeat(SURVEY_TEXT_MAX_LENGTH + 1) })).toEqual([
      [`answers.${text}`, `Veuillez saisir un texte contenant moins de ${SURVEY_TEXT_MAX_LENGTH} caractères.`],
    ]);
    expect(await issuesOf({ ...validAnswers(), [text]: 'Bien\u0000vu' })).toEqual([
      [`answers.${text}`, FORM_MESSAGES.regex],
    ]);
  });

  it('refuses an answer to a question the survey does not ask', async () => {
    expect(await issuesOf({ ...validAnswers(), 999999: 'hors sujet' })).toEqual([
      ['answers.999999', FORM_MESSAGES.numeric],
    ]);
  });

  it('stores one answer even when ten arrive at once; the others get 409 ALREADY_ANSWERED', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(validAnswers())));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'ALREADY_ANSWERED' });
    const rows = await context.database.db
      .select({ answers: surveyAnswers.answers })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.userId, camille.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers[question('TEXT').id]).toBe('Très belle soirée, merci !');

    const again = await context.app.inject({ method: 'GET', url: url(camille) });
    expect(again.json().answered).toBe(true);
    expect((await post(validAnswers())).statusCode).toBe(409);
  });
});

describe('the results', () => {
  const results = (surveyId: number, token?: string) =>
    context.app.inject({
      method: 'GET',
      url: `/surveys/${surveyId}/results`,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it('are refused without the survey’s own results token', async () => {
    for (const token of [
      undefined,
      'AAAAAAAAAAAAAAAAAAAAAA',
      context.app.surveyLinks.resultsToken(camille.surveyId + 1),
    ]) {
      const response = await results(camille.surveyId, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    }
  });

  it('count ratings and choices, average the ratings and list the latest texts', async () => {
    const { db } = context.database;
    // Two more attendees' answers, written as the API stores them (Camille's came through the API above).
    const others = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(3);
    const [ticketing] = await db.select({ id: ticketings.id }).from(ticketings).limit(1);
    const rating = String(question('RATING').id);
    const single = question('SINGLE_CHOICE');
    const multiple = question('MULTIPLE_CHOICE');
    const text = String(question('TEXT').id);
    const extra = others.filter((other) => other.id !== camille.userId).slice(0, 2);
    expect(extra).toHaveLength(2);
    await db.insert(surveyAnswers).values([
      {
        surveyId: camille.surveyId,
        ticketingId: ticketing?.id ?? 0,
        userId: extra[0]?.id ?? 0,
        answers: { [rating]: 5, [single.id]: 'Non', [multiple.id]: ['Affichage'], [text]: 'Trop de monde' },
      },
      {
        surveyId: camille.surveyId,
        ticketingId: ticketing?.id ?? 0,
        userId: extra[1]?.id ?? 0,
        answers: { [rating]: 3, [single.id]: 'Non', [multiple.id]: [] as string[] },
      },
    ]);

    const response = await results(camille.surveyId, context.app.surveyLinks.resultsToken(camille.surveyId));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.answerCount).toBe(3);
    const of = (id: number | string) => body.questions.find((asked: { id: number }) => String(asked.id) === String(id));
    expect(of(rating)).toMatchObject({
      answerCount: 3,
      averageRating: 4,
      counts: [
        { value: '1', count: 0 },
        { value: '2', count: 0 },
        { value: '3', count: 1 },
        { value: '4', count: 1 },
        { value: '5', count: 1 },
      ],
    });
    const singleCounts = Object.fromEntries(
      of(single.id).counts.map((row: { value: string; count: number }) => [row.value, row.count]),
    );
    expect(singleCounts).toEqual({ [single.choices?.[0] ?? '']: 1, 'Peut-être': 0, Non: 2 });
    const multipleCounts = of(multiple.id).counts.map((row: { count: number }) => row.count);
    // Camille ticked the first two choices, another attendee « Affichage » (the third).
    expect(multipleCounts).toEqual([1, 1, 1, 0, 0]);
    expect(of(text).answerCount).toBe(2);
    expect(of(text).recentTexts).toEqual(expect.arrayContaining(['Trop de monde', 'Très belle soirée, merci !']));
    expect(of(text).averageRating).toBeNull();
  });

  it('answer 404 for an unknown survey', async () => {
    const response = await results(999_999, context.app.surveyLinks.resultsToken(999_999));
    expect(response.statusCode).toBe(404);
  });
});
