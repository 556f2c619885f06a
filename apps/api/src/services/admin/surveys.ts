/**
 * The back office's surveys (issue 27). The default survey is the oldest one attached to no ticketing: it is
 * e-mailed after every event that has no survey of its own (services/surveys/invitations.ts). A ticketing's
 * survey is created for it and edited in place. Answers are stored by question id, so a question that has
 * answers keeps its id, its kind and its choices (more choices may be added; the label may be reworded); it
 * cannot be removed — the edit is refused (409 SURVEY_QUESTION_ANSWERED) rather than losing or garbling what
 * attendees said. Each write records its audit row in its own transaction, with the survey row locked.
 */
import {
  type AdminSurvey,
  type AdminSurveySummary,
  type CreateSurveyBody,
  SURVEY_ADMIN_MESSAGES,
  type SurveyBody,
} from '@guichet/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { surveyAnswers, surveyQuestions, surveys, ticketings } from '../../db/schema.js';
import { HttpError, invalidField, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../auth/accounts.js';
import { csvStream, spreadsheetDate } from '../pro/sales/exports.js';
import { defaultSurveyId } from '../surveys/invitations.js';
import { questionsOf } from '../surveys/surveys.js';
import { changesBetween, type Editor, recordAudit } from './audit.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const surveyNotFound = () => notFound(SURVEY_ADMIN_MESSAGES.notFound);

// Written out in full: in a select list Drizzle names a column without its table, which a subquery would misread.
const questionCount = sql<number>`(SELECT count(*) FROM survey_question q WHERE q.survey_id = survey.id)::int`;
const answerCount = sql<number>`(SELECT count(*) FROM survey_answer a WHERE a.survey_id = survey.id)::int`;

const summaryColumns = {
  id: surveys.id,
  title: surveys.title,
  inviteAfterDays: surveys.inviteAfterDays,
  ticketingId: ticketings.id,
  ticketingTitle: ticketings.title,
  ticketingEndsAt: ticketings.endsAt,
  questionCount,
  answerCount,
};

type SummaryRow = {
  id: number;
  title: string;
  inviteAfterDays: number;
  ticketingId: number | null;
  ticketingTitle: string | null;
  ticketingEndsAt: Date | null;
  questionCount: number;
  answerCount: number;
};

const summaryOf = (row: SummaryRow, defaultId: number | null): AdminSurveySummary => ({
  id: row.id,
  title: row.title,
  ticketing:
    row.ticketingId === null
      ? null
      : { id: row.ticketingId, title: row.ticketingTitle ?? '', endsAt: row.ticketingEndsAt?.toISOString() ?? '' },
  isDefault: row.id === defaultId,
  inviteAfterDays: row.inviteAfterDays,
  questionCount: row.questionCount,
  answerCount: row.answerCount,
});

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type SurveyFilter = { q?: string; page: number; pageSize: number };

/** The surveys: those of no ticketing first (the default at the top), then by ticketing; `q` in either title. */
export async function listAdminSurveys(db: Database, filter: SurveyFilter) {
  const where: SQL | undefined = filter.q
    ? or(ilike(ticketings.title, escapeLike(filter.q)), ilike(surveys.title, escapeLike(filter.q)))
    : undefined;
  const [defaultId, rows, [total]] = await Promise.all([
    defaultSurveyId(db),
    db
      .select(summaryColumns)
      .from(surveys)
      .leftJoin(ticketings, eq(ticketings.id, surveys.ticketingId))
      .where(where)
      .orderBy(sql`${surveys.ticketingId} IS NOT NULL`, desc(ticketings.endsAt), asc(surveys.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: count() })
      .from(surveys)
      .leftJoin(ticketings, eq(ticketings.id, surveys.ticketingId))
      .where(where),
  ]);
  return { surveys: rows.map((row) => summaryOf(row, defaultId)), total: total?.total ?? 0 };
}

/** Ticketings whose title holds `q` (the create form's choice), newest first, with their survey if any. */
export async function findSurveyTicketings(db: Database, q: string) {
  const rows = await db
    .select({ id: ticketings.id, title: ticketings.title, endsAt: ticketings.endsAt, surveyId: surveys.id })
    .from(ticketings)
    .leftJoin(surveys, eq(surveys.ticketingId, ticketings.id))
    .where(ilike(ticketings.title, escapeLike(q)))
    .orderBy(desc(ticketings.endsAt), asc(ticketings.id))
    .limit(20);
  return {
    ticketings: rows.map((row) => ({ ...row, endsAt: row.endsAt.toISOString(), surveyId: row.surveyId ?? null })),
  };
}

/** The survey's questions in order, each with how many answers it has (answers are stored by question id). */
async function questionsWithAnswers(db: Executor, surveyId: number) {
  const keys = db
    .select({ key: sql<string>`jsonb_object_keys(${surveyAnswers.answers})`.as('key') })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyId, surveyId))
    .as('keys');
  const [questions, counts] = await Promise.all([
    questionsOf(db, surveyId),
    db.select({ key: keys.key, answers: count() }).from(keys).groupBy(keys.key),
  ]);
  const answered = new Map(counts.map((row) => [Number(row.key), row.answers]));
  return questions.map((question) => ({
    ...question,
    choices: question.choices ?? [],
    answerCount: answered.get(question.id) ?? 0,
  }));
}

async function loadSurvey(db: Executor, surveyId: number): Promise<AdminSurvey | null> {
  const [row] = await db
    .select({ ...summaryColumns, introduction: surveys.introduction })
    .from(surveys)
    .leftJoin(ticketings, eq(ticketings.id, surveys.ticketingId))
    .where(eq(surveys.id, surveyId))
    .limit(1);
  if (!row) return null;
  const [defaultId, questions] = await Promise.all([defaultSurveyId(db), questionsWithAnswers(db, surveyId)]);
  return { ...summaryOf(row, defaultId), introduction: row.introduction, questions };
}

export async function getAdminSurvey(db: Database, surveyId: number): Promise<AdminSurvey> {
  const survey = await loadSurvey(db, surveyId);
  if (!survey) throw surveyNotFound();
  return survey;
}

/** What the audit log keeps of a survey: its fields and its questions in short. */
const auditedOf = (
  survey: Pick<AdminSurvey, 'title' | 'introduction' | 'inviteAfterDays'>,
  questions: SurveyBody['questions'],
) => ({
  title: survey.title,
  introduction: survey.introduction,
  inviteAfterDays: survey.inviteAfterDays,
  questions: questions.map((question) => `${question.label} (${question.kind})`),
});

/** Writes the questions as given, in order: kept ones updated, new ones added, the others removed. */
async function writeQuestions(tx: Executor, surveyId: number, questions: SurveyBody['questions']) {
  const existing = await questionsWithAnswers(tx, surveyId);
  const byId = new Map(existing.map((question) => [question.id, question]));
  const kept = new Set<number>();
  for (const [index, question] of questions.entries()) {
    if (question.id === undefined) continue;
    const before = byId.get(question.id);
    if (!before || kept.has(question.id))
      throw invalidField('body', ['questions', index, 'id'], SURVEY_ADMIN_MESSAGES.unknownQuestion);
    kept.add(question.id);
    const answered = before.answerCount > 0;
    if (
      answered &&
      (before.kind !== question.kind || before.choices.some((choice) => !question.choices.includes(choice)))
    )
      throw new HttpError(409, 'SURVEY_QUESTION_ANSWERED', SURVEY_ADMIN_MESSAGES.questionAnswered(before.label));
  }
  const removed = existing.filter((question) => !kept.has(question.id));
  const answeredRemoved = removed.find((question) => question.answerCount > 0);
  if (answeredRemoved)
    throw new HttpError(409, 'SURVEY_QUESTION_ANSWERED', SURVEY_ADMIN_MESSAGES.questionAnswered(answeredRemoved.label));
  if (removed.length > 0)
    await tx.delete(surveyQuestions).where(
      inArray(
        surveyQuestions.id,
        removed.map((question) => question.id),
      ),
    );
  for (const [position, question] of questions.entries()) {
    const values = {
      label: question.label,
      kind: question.kind,
      required: question.required,
      choices: question.choices.length > 0 ? question.choices : null,
      position,
    };
    if (question.id === undefined) await tx.insert(surveyQuestions).values({ ...values, surveyId });
    else await tx.update(surveyQuestions).set(values).where(eq(surveyQuestions.id, question.id));
  }
}

export async function createAdminSurvey(db: Database, editor: Editor, body: CreateSurveyBody): Promise<AdminSurvey> {
  try {
    return await db.transaction(async (tx) => {
      const [ticketing] = await tx
        .select({ id: ticketings.id, title: ticketings.title })
        .from(ticketings)
        .where(eq(ticketings.id, body.ticketingId))
        .limit(1);
      if (!ticketing) throw invalidField('body', ['ticketingId'], SURVEY_ADMIN_MESSAGES.ticketingNotFound);
      const [taken] = await tx
        .select({ id: surveys.id })
        .from(surveys)
        .where(eq(surveys.ticketingId, ticketing.id))
        .limit(1);
      if (taken)
        throw new HttpError(409, 'SURVEY_TICKETING_TAKEN', SURVEY_ADMIN_MESSAGES.ticketingTaken(ticketing.title));
      if (body.questions.some((question) => question.id !== undefined))
        throw invalidField('body', ['questions'], SURVEY_ADMIN_MESSAGES.unknownQuestion);
      const [row] = await tx
        .insert(surveys)
        .values({
          title: body.title,
          introduction: body.introduction,
          inviteAfterDays: body.inviteAfterDays,
          ticketingId: ticketing.id,
        })
        .returning({ id: surveys.id });
      if (!row) throw new Error('survey insert returned no row');
      await writeQuestions(tx, row.id, body.questions);
      await recordAudit(tx, editor, {
        action: 'CREATE',
        entity: 'SURVEY',
        entityId: row.id,
        label: `${body.title} — ${ticketing.title}`,
        changes: changesBetween({}, { ...auditedOf(body, body.questions), ticketingId: ticketing.id }),
      });
      const created = await loadSurvey(tx, row.id);
      if (!created) throw new Error('survey vanished');
      return created;
    });
  } catch (error) {
    // Two creations for one ticketing at once: the unique index decides, the second is told as the check would.
    if (isUniqueViolation(error))
      throw new HttpError(
        409,
        'SURVEY_TICKETING_TAKEN',
        SURVEY_ADMIN_MESSAGES.ticketingTaken(String(body.ticketingId)),
      );
    throw error;
  }
}

export async function updateAdminSurvey(
  db: Database,
  editor: Editor,
  surveyId: number,
  body: SurveyBody,
): Promise<AdminSurvey> {
  return db.transaction(async (tx) => {
    // The row locked: two edits of one survey take turns, each checking the questions the other left.
    const [locked] = await tx.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, surveyId)).for('update');
    if (!locked) throw surveyNotFound();
    const before = await loadSurvey(tx, surveyId);
    if (!before) throw surveyNotFound();
    await writeQuestions(tx, surveyId, body.questions);
    await tx
      .update(surveys)
      .set({
        title: body.title,
        introduction: body.introduction,
        inviteAfterDays: body.inviteAfterDays,
        updatedAt: new Date(),
      })
      .where(eq(surveys.id, surveyId));
    await recordAudit(tx, editor, {
      action: 'UPDATE',
      entity: 'SURVEY',
      entityId: surveyId,
      label: before.ticketing ? `${body.title} — ${before.ticketing.title}` : body.title,
      changes: changesBetween(
        auditedOf(
          before,
          before.questions.map((question) => ({ ...question, choices: question.choices })),
        ),
        auditedOf(body, body.questions),
      ),
    });
    const after = await loadSurvey(tx, surveyId);
    if (!after) throw surveyNotFound();
    return after;
  });
}

const CSV_BATCH = 1_000;

/** The answers as a French CSV, one line per answer (oldest first): when, which ticketing, then each question. */
export async function surveyAnswersCsv(db: Database, surveyId: number) {
  const survey = await loadSurvey(db, surveyId);
  if (!survey) throw surveyNotFound();
  const columns = [
    { key: 'answeredAt', header: 'Date de réponse' },
    { key: 'ticketing', header: 'Billetterie' },
    ...survey.questions.map((question) => ({ key: `q${question.id}`, header: question.label })),
  ];
  async function* batches() {
    let after = 0;
    for (;;) {
      const rows = await db
        .select({
          id: surveyAnswers.id,
          createdAt: surveyAnswers.createdAt,
          ticketing: ticketings.title,
          answers: surveyAnswers.answers,
        })
        .from(surveyAnswers)
        .innerJoin(ticketings, eq(ticketings.id, surveyAnswers.ticketingId))
        .where(and(eq(surveyAnswers.surveyId, surveyId), gt(surveyAnswers.id, after)))
        .orderBy(asc(surveyAnswers.id))
        .limit(CSV_BATCH);
      yield rows.map((row) => {
        const line: Record<string, string> = { answeredAt: spreadsheetDate(row.createdAt), ticketing: row.ticketing };
        for (const question of survey?.questions ?? []) {
          const value = row.answers[String(question.id)];
          line[`q${question.id}`] = value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
        }
        return line;
      });
      const last = rows.at(-1);
      if (rows.length < CSV_BATCH || !last) return;
      after = last.id;
    }
  }
  return { csv: csvStream(columns, batches()), fileName: `questionnaire-${surveyId}-reponses.csv` };
}
