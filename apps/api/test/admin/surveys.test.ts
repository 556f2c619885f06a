/**
 * The back office's surveys (issue 27): the default survey and the ticketings' own, listed and searchable; a
 * ticketing's survey created (once) and edited, a question with answers kept whole (409), the answers counted and
 * exported as CSV, audit rows, bad input refused in French — and the invitations job sending a ticketing its own
 * survey after its own delay.
 */
import { SURVEY_EDIT_MESSAGES } from '@guichet/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, surveyInvitations, surveys, ticketings } from '../../src/db/schema.js';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import { listOutbox } from '../../src/services/mail/outbox.js';
import { sendSurveyInvitations } from '../../src/services/surveys/invitations.js';
import { firstPastTicketingOf } from '../../src/services/surveys/surveys.js';
import { createTestApp, validationIssues } from '../helpers.js';
import type { TestContext } from '../pro/support.js';
import { adminUser } from './support.js';

let context: TestContext;
let headers: Record<string, string>;
let past: { userId: number; ticketingId: number };
let pastTitle: string;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  headers = (await adminUser(context)).headers;
  const found = await firstPastTicketingOf(context.database.db, DEMO_ACCOUNT.email);
  if (!found) throw new Error('the seed has no past order for the demo account');
  past = found;
  const [ticketing] = await context.database.db
    .select({ title: ticketings.title })
    .from(ticketings)
    .where(eq(ticketings.id, past.ticketingId));
  pastTitle = ticketing?.title ?? '';
});
afterAll(async () => {
  await context.close();
});

const SURVEY = {
  title: 'Votre soirée au club',
  introduction: 'Trois questions, une minute.',
  inviteAfterDays: 3,
  questions: [
    { label: 'Le son ?', kind: 'RATING', required: true, choices: [] as string[] },
    { label: 'Le bar ?', kind: 'SINGLE_CHOICE', required: true, choices: ['Bien', 'Trop cher'] },
    { label: 'Un mot ?', kind: 'TEXT', required: false, choices: [] as string[] },
  ],
};

type Question = { id: number; label: string; kind: string; required: boolean; choices: string[]; answerCount: number };
type Survey = { id: number; questions: Question[]; ticketing: { id: number } | null; isDefault: boolean };

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  context.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

let created: Survey;

describe('a ticketing’s own survey', () => {
  it('is created once per ticketing, with its questions in order and an audit row', async () => {
    const response = await inject('POST', '/pro/admin/surveys', { ...SURVEY, ticketingId: past.ticketingId });
    expect(response.statusCode, response.body).toBe(201);
    created = response.json();
    expect(created).toMatchObject({
      title: SURVEY.title,
      inviteAfterDays: 3,
      isDefault: false,
      ticketing: { id: past.ticketingId, title: pastTitle },
      answerCount: 0,
    });
    expect(created.questions.map((question) => [question.label, question.kind, question.choices])).toEqual([
      ['Le son ?', 'RATING', []],
      ['Le bar ?', 'SINGLE_CHOICE', ['Bien', 'Trop cher']],
      ['Un mot ?', 'TEXT', []],
    ]);
    const again = await inject('POST', '/pro/admin/surveys', { ...SURVEY, ticketingId: past.ticketingId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SURVEY_TICKETING_TAKEN' });
    expect(again.json().message).toContain(pastTitle);
    const unknown = validationIssues(await inject('POST', '/pro/admin/surveys', { ...SURVEY, ticketingId: 999_999 }));
    expect(unknown[0]).toMatchObject({ path: ['ticketingId'], message: 'Billetterie introuvable.' });
    const rows = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'SURVEY'), eq(auditLog.entityId, created.id)));
    expect(rows.map((row) => row.action)).toEqual(['CREATE']);
    expect(rows[0]?.changes).toMatchObject({ inviteAfterDays: { before: null, after: 3 } });
  });

  it('is listed after the default one, and found by its ticketing’s title', async () => {
    const list = await inject('GET', '/pro/admin/surveys');
    const rows = list.json().surveys as Survey[];
    expect(rows[0]).toMatchObject({ isDefault: true, ticketing: null });
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
    expect(rows.at(-1)).toMatchObject({
      id: created.id,
      ticketing: { id: past.ticketingId },
      questionCount: 3,
      answerCount: 0,
    });
    const found = await inject('GET', `/pro/admin/surveys?q=${encodeURIComponent(pastTitle.slice(0, 8))}`);
    expect(found.json().surveys.map((row: Survey) => row.id)).toContain(created.id);
    const none = await inject('GET', '/pro/admin/surveys?q=aucune-billetterie-de-ce-nom');
    expect(none.json()).toMatchObject({ surveys: [], total: 0 });
    const picker = await inject('GET', `/pro/admin/surveys/ticketings?q=${encodeURIComponent(pastTitle)}`);
    expect(picker.json().ticketings).toContainEqual(
      expect.objectContaining({ id: past.ticketingId, surveyId: created.id }),
    );
  });

  it('is e-mailed by the invitations job after its own delay, instead of the default survey', async () => {
    const { db } = context.database;
    const [ticketing] = await db
      .select({ endsAt: ticketings.endsAt })
      .from(ticketings)
      .where(eq(ticketings.id, past.ticketingId));
    const endsAt = ticketing?.endsAt ?? new Date();
    const job = { db, mailer: context.app.mailer, links: context.app.surveyLinks, siteUrl: context.env.SITE_URL };
    const invited = () =>
      db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketingId, past.ticketingId));
    // The next day (the default's delay): not yet, this ticketing waits 3 days.
    await sendSurveyInvitations(job, new Date(endsAt.getTime() + 24 * 3600_000));
    expect(await invited()).toEqual([]);
    await sendSurveyInvitations(job, new Date(endsAt.getTime() + 2 * 24 * 3600_000));
    expect(await invited()).toEqual([]);
    await sendSurveyInvitations(job, new Date(endsAt.getTime() + 3 * 24 * 3600_000 + 60_000));
    expect(await invited()).toEqual([expect.objectContaining({ surveyId: created.id, userId: past.userId })]);
    const mails = await listOutbox(context.env.MAIL_OUTBOX_DIR);
    expect(mails.filter((mail) => mail.to === DEMO_ACCOUNT.email && mail.subject.startsWith(pastTitle))).toHaveLength(
      1,
    );
  });
});

describe('answers', () => {
  const answer = async (values: Record<string, unknown>) => {
    const participant = { surveyId: created.id, ...past };
    const sig = context.app.surveyLinks.sign(participant);
    return context.app.inject({
      method: 'POST',
      url: `/surveys/${created.id}/${past.ticketingId}/${past.userId}?sig=${encodeURIComponent(sig)}`,
      payload: { answers: values },
    });
  };
  const body = (questions: object[]) => ({ ...SURVEY, questions });
  const asInput = (question: Question) => ({
    id: question.id,
    label: question.label,
    kind: question.kind,
    required: question.required,
    choices: question.choices,
  });

  it('are counted per question and choice, and exported as a French CSV', async () => {
    const [rating, bar, text] = created.questions;
    if (!rating || !bar || !text) throw new Error('three questions expected');
    const saved = await answer({ [rating.id]: 5, [bar.id]: 'Trop cher', [text.id]: '=HYPERLINK("x")' });
    expect(saved.statusCode, saved.body).toBe(201);
    const results = await inject('GET', `/pro/admin/surveys/${created.id}/results`);
    expect(results.json()).toMatchObject({ answerCount: 1 });
    expect(results.json().questions[1].counts).toEqual([
      { value: 'Bien', count: 0 },
      { value: 'Trop cher', count: 1 },
    ]);
    const csv = await inject('GET', `/pro/admin/surveys/${created.id}/answers.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date de réponse;Billetterie;Le son ?;Le bar ?;Un mot ?');
    expect(lines[1]).toContain(';5;Trop cher;');
    // A formula typed by an attendee is written as text.
    expect(lines[1]).toContain(`'=HYPERLINK`);
    const survey: Survey = (await inject('GET', `/pro/admin/surveys/${created.id}`)).json();
    expect(survey.questions.map((question) => question.answerCount)).toEqual([1, 1, 1]);
    created = survey;
  });

  it('keep their question whole: never removed, retyped or missing a choice; rewording and adding are fine', async () => {
    const [rating, bar, text] = created.questions.map(asInput);
    if (!rating || !bar || !text) throw new Error('three questions expected');
    const refusals = [
      body([rating, bar]),
      body([rating, { ...bar, kind: 'MULTIPLE_CHOICE' }, text]),
      body([rating, { ...bar, choices: ['Bien'].concat(['Correct']) }, text]),
      body([{ ...rating, kind: 'TEXT', choices: [] }, bar, text]),
    ];
    for (const refused of refusals) {
      const response = await inject('PUT', `/pro/admin/surveys/${created.id}`, refused);
      expect(response.statusCode, JSON.stringify(refused.questions)).toBe(409);
      expect(response.json()).toMatchObject({ code: 'SURVEY_QUESTION_ANSWERED' });
    }
    const edited = await inject('PUT', `/pro/admin/surveys/${created.id}`, {
      ...body([
        { label: 'Le lieu ?', kind: 'RATING', required: true, choices: [] },
        bar && { ...bar, label: 'Et le bar ?', choices: [...bar.choices, 'Fermé trop tôt'] },
        rating,
        text,
      ]),
      inviteAfterDays: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().questions.map((question: Question) => question.label)).toEqual([
      'Le lieu ?',
      'Et le bar ?',
      'Le son ?',
      'Un mot ?',
    ]);
    // The answer still reads against its questions.
    const results = await inject('GET', `/pro/admin/surveys/${created.id}/results`);
    expect(results.json().questions[1].counts).toContainEqual({ value: 'Trop cher', count: 1 });
    // An unanswered question goes freely.
    const [place, ...rest] = (edited.json().questions as Question[]).map(asInput);
    expect(place?.label).toBe('Le lieu ?');
    expect((await inject('PUT', `/pro/admin/surveys/${created.id}`, body(rest))).statusCode).toBe(200);
    // A question of another survey is not this one's.
    const [other] = await context.database.db
      .select({ id: surveys.id })
      .from(surveys)
      .orderBy(asc(surveys.id))
      .limit(1);
    const foreign = await inject('GET', `/pro/admin/surveys/${other?.id}`);
    const foreignQuestion = asInput((foreign.json() as Survey).questions[0] as Question);
    const mixed = validationIssues(
      await inject('PUT', `/pro/admin/surveys/${created.id}`, body([...rest, foreignQuestion])),
    );
    expect(mixed[0]?.message).toBe('Cette question n’est pas de ce questionnaire.');
  });
});

describe('bad input', () => {
  it('is refused in French, never a 5xx, and changes nothing', async () => {
    const url = `/pro/admin/surveys/${created.id}`;
    const cases: [object, string][] = [
      [{ ...SURVEY, questions: [] }, SURVEY_EDIT_MESSAGES.noQuestion],
      [
        { ...SURVEY, questions: [{ label: 'Q', kind: 'SINGLE_CHOICE', required: true, choices: ['Un'] }] },
        SURVEY_EDIT_MESSAGES.choicesNeeded,
      ],
      [
        { ...SURVEY, questions: [{ label: 'Q', kind: 'SINGLE_CHOICE', required: true, choices: ['Un', 'Un'] }] },
        SURVEY_EDIT_MESSAGES.duplicateChoice,
      ],
      [
        { ...SURVEY, questions: [{ label: 'Q', kind: 'RATING', required: true, choices: ['Un', 'Deux'] }] },
        SURVEY_EDIT_MESSAGES.noChoices,
      ],
      [{ ...SURVEY, inviteAfterDays: 61 }, 'Veuillez saisir une valeur inférieur ou égale à 60.'],
      [{ ...SURVEY, inviteAfterDays: -1 }, 'Veuillez saisir une valeur supérieur ou égale à 0.'],
      [{ ...SURVEY, title: 'Avis\u0000' }, ''],
      [{ ...SURVEY, title: 'x'.repeat(5000) }, 'Veuillez saisir un texte contenant moins de 120 caractères.'],
      [
        { ...SURVEY, questions: Array.from({ length: 31 }, () => SURVEY.questions[0]) },
        SURVEY_EDIT_MESSAGES.tooManyQuestions,
      ],
    ];
    const before = (await inject('GET', url)).json();
    for (const [payload, message] of cases) {
      const issues = validationIssues(await inject('PUT', url, payload));
      if (message) expect(issues.map((issue) => issue.message)).toContain(message);
    }
    expect((await inject('GET', url)).json()).toEqual(before);
    for (const id of ['0', '999999', '99999999999']) {
      expect((await inject('GET', `/pro/admin/surveys/${id}`)).statusCode).toBe(404);
      expect((await inject('PUT', `/pro/admin/surveys/${id}`, SURVEY)).statusCode).toBe(404);
      expect((await inject('GET', `/pro/admin/surveys/${id}/results`)).statusCode).toBe(404);
      expect((await inject('GET', `/pro/admin/surveys/${id}/answers.csv`)).statusCode).toBe(404);
    }
  });
});
