/**
 * The attendee's survey (/survey/:surveyID/:ticketingID/:userID?sig=…) against the real API on the demo
 * catalogue (issue 24 §5): the signed link is the only way in, the answers are stored as ticked, a required
 * question left empty is said on it in French, a second answer thanks all the same.
 */
import { FORM_MESSAGES } from '@guichet/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyQuestions, surveys } from '../../../api/src/db/schema';
import { DEMO_ACCOUNT } from '../../../api/src/seed/index';
import type { SurveyParticipant } from '../../../api/src/services/surveys/links';
import { firstPastTicketingOf } from '../../../api/src/services/surveys/surveys';
import { realApi } from '../../test/real-api';
import { guest, thrown } from '../../test/session-support';
import { action } from './survey.route';

const real = realApi({ seed: true });

let camille: SurveyParticipant;
let questions: { id: number; kind: string; choices: string[] | null }[];

beforeAll(async () => {
  const db = real.db();
  const [survey] = await db.select({ id: surveys.id }).from(surveys).orderBy(asc(surveys.id)).limit(1);
  const past = await firstPastTicketingOf(db, DEMO_ACCOUNT.email);
  if (!survey || !past) throw new Error('the seed has no survey or no past order for the demo account');
  camille = { surveyId: survey.id, ...past };
  questions = await db
    .select({ id: surveyQuestions.id, kind: surveyQuestions.kind, choices: surveyQuestions.choices })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, survey.id))
    .orderBy(asc(surveyQuestions.position));
});

const params = (who: SurveyParticipant) => ({
  surveyID: String(who.surveyId),
  ticketingID: String(who.ticketingId),
  userID: String(who.userId),
});
const page = (who: SurveyParticipant, sig = real.api().app.surveyLinks.sign(who)) =>
  `/survey/${who.surveyId}/${who.ticketingId}/${who.userId}?sig=${encodeURIComponent(sig)}`;

/** The form as the browser posts it: field names are the question ids, several boxes ticked sent twice. */
function filled(skip?: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const { id, kind, choices } of questions) {
    if (kind === skip) continue;
    if (kind === 'RATING') form.append(String(id), '4');
    if (kind === 'SINGLE_CHOICE') form.append(String(id), choices?.[0] ?? '');
    if (kind === 'MULTIPLE_CHOICE') for (const choice of choices?.slice(0, 2) ?? []) form.append(String(id), choice);
    if (kind === 'TEXT') form.append(String(id), 'Très belle soirée, merci !');
  }
  return form;
}

const send = (url: string, form: URLSearchParams, who = camille) =>
  action({
    request: new Request(`http://localhost:3000${url}`, { method: 'POST', body: form }),
    params: params(who),
    context: guest(),
  } as never) as unknown as Promise<{ init: { status?: number } | null; data: Record<string, unknown> }>;

const storedAnswers = () =>
  real
    .db()
    .select()
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, camille.surveyId), eq(surveyAnswers.userId, camille.userId)));

describe('answering the survey', () => {
  it('a link with a wrong signature is the 403 page, nothing stored', async () => {
    const error = await thrown(() => send(page(camille, 'AAAAAAAAAAAAAAAAAAAAAA'), filled()));
    expect(error).toMatchObject({ init: { status: 403 }, data: expect.stringContaining('lien d’enquête') });
    const other = { ...camille, userId: camille.userId + 1 };
    const borrowed = await thrown(() => send(page(other, real.api().app.surveyLinks.sign(camille)), filled(), other));
    expect(borrowed).toMatchObject({ init: { status: 403 } });
    expect(await storedAnswers()).toEqual([]);
  });

  it('a required question left empty is said on it, in French, what was ticked kept', async () => {
    const rating = questions.find((question) => question.kind === 'RATING');
    const answer = await send(page(camille), filled('RATING'));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      answered: false,
      reply: { errors: { [String(rating?.id)]: FORM_MESSAGES.required } },
    });
    expect(await storedAnswers()).toEqual([]);
  });

  it('the answers are stored as ticked, and a second answer thanks all the same', async () => {
    const answer = await send(page(camille), filled());
    expect(answer.data).toEqual({ answered: true });
    const [stored] = await storedAnswers();
    const multiple = questions.find((question) => question.kind === 'MULTIPLE_CHOICE');
    expect(stored?.answers).toMatchObject({ [String(multiple?.id)]: multiple?.choices?.slice(0, 2) });
    expect((await send(page(camille), filled())).data).toEqual({ answered: true });
    expect(await storedAnswers()).toHaveLength(1);
  });
});
