/** An attendee's survey form, their one answer, and the organizer's aggregates. */
import type { SurveyForm, SurveyResults } from '@guichet/contracts';
import {
  normaliseSurveyAnswers,
  SURVEY_QUESTION_KINDS,
  SURVEY_RATING,
  type SurveyQuestionKind,
  surveyAnswerErrors,
} from '@guichet/domain';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  orderItems,
  orders,
  products,
  surveyAnswers,
  surveyQuestions,
  surveys,
  ticketings,
  users,
} from '../../db/schema.js';
import type { SurveyParticipant } from './links.js';

const isKind = (kind: string): kind is SurveyQuestionKind =>
  (SURVEY_QUESTION_KINDS as readonly string[]).includes(kind);

/** A survey's questions in order (the back office's editor reads them too, with their answer counts). */
export async function questionsOf(db: Pick<Database, 'select'>, surveyId: number) {
  const rows = await db
    .select({
      id: surveyQuestions.id,
      label: surveyQuestions.label,
      kind: surveyQuestions.kind,
      required: surveyQuestions.required,
      choices: surveyQuestions.choices,
    })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
  // A kind this code does not know would be a question nobody can answer: it is left out rather than shown broken.
  return rows.flatMap((row) => (isKind(row.kind) ? [{ ...row, kind: row.kind }] : []));
}

/**
 * The survey, for a participant who holds a paid ticket of the ticketing; null when any of the three is
 * unknown or the user bought no ticket of it (the same 404: the signature was already checked).
 */
export async function loadSurveyForm(db: Database, participant: SurveyParticipant): Promise<SurveyForm | null> {
  const { surveyId, ticketingId, userId } = participant;
  const [survey] = await db
    .select({ id: surveys.id, title: surveys.title, introduction: surveys.introduction })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .limit(1);
  if (!survey) return null;
  const [ticketing] = await db
    .select({ id: ticketings.id, title: ticketings.title, startsAt: ticketings.startsAt })
    .from(ticketings)
    .where(eq(ticketings.id, ticketingId))
    .limit(1);
  if (!ticketing) return null;
  if (!(await boughtTicket(db, participant))) return null;
  const [answer] = await db
    .select({ id: surveyAnswers.id })
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.surveyId, surveyId),
        eq(surveyAnswers.ticketingId, ticketingId),
        eq(surveyAnswers.userId, userId),
      ),
    )
    .limit(1);
  return {
    survey,
    ticketing: { id: ticketing.id, title: ticketing.title, startsAt: ticketing.startsAt.toISOString() },
    questions: await questionsOf(db, surveyId),
    answered: answer !== undefined,
  };
}

async function boughtTicket(db: Database, { ticketingId, userId }: SurveyParticipant): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'PAID'), eq(products.ticketingId, ticketingId)))
    .limit(1);
  return row !== undefined;
}

export type AnswerOutcome =
  | { kind: 'saved' }
  | { kind: 'notFound' }
  | { kind: 'alreadyAnswered' }
  | { kind: 'invalid'; errors: Record<string, string> };

/**
 * Stores the participant's one answer. The unique key (survey, ticketing, user) decides between two answers
 * sent at once: the insert does nothing on conflict, and whoever inserted nothing is told it was answered.
 */
export async function saveSurveyAnswer(
  db: Database,
  participant: SurveyParticipant,
  answers: Readonly<Record<string, unknown>>,
): Promise<AnswerOutcome> {
  const form = await loadSurveyForm(db, participant);
  if (!form) return { kind: 'notFound' };
  // No « already answered? » read first: the unique key alone decides, so two answers at once cannot both pass.
  const errors = surveyAnswerErrors(form.questions, answers);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const inserted = await db
    .insert(surveyAnswers)
    .values({ ...participant, answers: normaliseSurveyAnswers(form.questions, answers) })
    .onConflictDoNothing({ target: [surveyAnswers.surveyId, surveyAnswers.ticketingId, surveyAnswers.userId] })
    .returning({ id: surveyAnswers.id });
  return inserted.length === 1 ? { kind: 'saved' } : { kind: 'alreadyAnswered' };
}

const RECENT_TEXTS = 10;

/**
 * Per question: how many answered, the count per rating or choice, the average rating, the latest texts.
 * Counted in one pass over the survey's answers, newest first: a survey gathers hundreds of answers, not
 * millions (the SQL aggregates can come with the pro site if that changes).
 */
export async function loadSurveyResults(db: Database, surveyId: number): Promise<SurveyResults | null> {
  const [survey] = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .limit(1);
  if (!survey) return null;
  const questions = await questionsOf(db, surveyId);
  const rows = await db
    .select({ answers: surveyAnswers.answers })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyId, surveyId))
    .orderBy(desc(surveyAnswers.createdAt), desc(surveyAnswers.id));
  const results = questions.map((question) => {
    const values = rows.flatMap((row) => {
      const value = row.answers[String(question.id)];
      return value === undefined ? [] : [value];
    });
    const tally = new Map<string, number>();
    for (const value of values)
      for (const item of Array.isArray(value) ? value : [value])
        tally.set(String(item), (tally.get(String(item)) ?? 0) + 1);
    const offered =
      question.kind === 'RATING'
        ? Array.from({ length: SURVEY_RATING.max - SURVEY_RATING.min + 1 }, (_, index) =>
            String(SURVEY_RATING.min + index),
          )
        : question.kind === 'TEXT'
          ? []
          : (question.choices ?? []);
    const ratings =
      question.kind === 'RATING' ? values.filter((value): value is number => typeof value === 'number') : [];
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    return {
      id: question.id,
      label: question.label,
      kind: question.kind,
      answerCount: values.length,
      averageRating: ratings.length > 0 ? Math.round((sum / ratings.length) * 100) / 100 : null,
      counts: offered.map((value) => ({ value, count: tally.get(value) ?? 0 })),
      recentTexts:
        question.kind === 'TEXT'
          ? values.filter((value): value is string => typeof value === 'string').slice(0, RECENT_TEXTS)
          : [],
    };
  });
  return { survey, answerCount: rows.length, questions: results };
}

/** The ticketing, already ended, of a buyer's first paid order (the demo link of the README). */
export async function firstPastTicketingOf(
  db: Database,
  email: string,
): Promise<{ userId: number; ticketingId: number } | null> {
  const [row] = await db
    .select({ userId: users.id, ticketingId: ticketings.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(ticketings, eq(ticketings.id, products.ticketingId))
    .where(and(eq(users.email, email), eq(orders.status, 'PAID'), lt(ticketings.endsAt, sql`now()`)))
    .orderBy(asc(orders.id), asc(orderItems.id))
    .limit(1);
  return row ?? null;
}
