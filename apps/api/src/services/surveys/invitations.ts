/**
 * After an event, its buyers get the survey link by e-mail: one mail per buyer per ticketing per survey,
 * remembered in `survey_invitation` before it is sent, so running the job twice (or in two API processes at
 * once) never mails anyone twice. A ticketing with a survey of its own (issue 27, the back office) sends that
 * one, `invite_after_days` after it ends; every other sends the default survey — the oldest attached to no
 * ticketing, « Votre avis sur la soirée » in the demo — after the default's own delay (1: the next day).
 */

import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { orderItems, orders, products, surveyInvitations, surveys, ticketings, users } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { surveyInvitationMail } from '../mail/templates.js';
import type { SurveyLinks } from './links.js';

/** Events that ended up to this many days before their mail was due still get it (a job that did not run catches up). */
export const CATCH_UP_DAYS = 7;

export type SurveyMailContext = { db: Database; mailer: Mailer; links: SurveyLinks; siteUrl: string };

type Reader = Pick<Database, 'select'>;

/** The survey of every ticketing without one of its own: the oldest attached to no ticketing. */
export async function defaultSurvey(db: Reader): Promise<{ id: number; inviteAfterDays: number } | null> {
  const [survey] = await db
    .select({ id: surveys.id, inviteAfterDays: surveys.inviteAfterDays })
    .from(surveys)
    .where(isNull(surveys.ticketingId))
    .orderBy(asc(surveys.id))
    .limit(1);
  return survey ?? null;
}

export async function defaultSurveyId(db: Reader): Promise<number | null> {
  return (await defaultSurvey(db))?.id ?? null;
}

/** Sends the invitations due at `now` (Paris days: the event's end day plus its survey's delay); returns how many. */
export async function sendSurveyInvitations(context: SurveyMailContext, now = new Date()): Promise<number> {
  const { db, mailer, links, siteUrl } = context;
  const fallback = await defaultSurvey(db);
  const instant = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(date_trunc('day', ${instant} AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris')`;
  // The ticketing's own survey, else the default one (null when there is none: nothing to send).
  const surveyId = sql<number | null>`COALESCE(${surveys.id}, ${fallback?.id ?? null}::int)`;
  const days = sql<number>`COALESCE(${surveys.inviteAfterDays}, ${fallback?.inviteAfterDays ?? 1}::int)`;
  // Due from the start of the day `days` after the end day (0: the end day itself, once it has ended).
  const dueFrom = sql`${today} - make_interval(days => ${days} - 1)`;
  const due = await db
    .selectDistinct({
      surveyId,
      ticketingId: ticketings.id,
      ticketingTitle: ticketings.title,
      userId: users.id,
      email: users.email,
      firstname: users.firstname,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(ticketings, eq(ticketings.id, products.ticketingId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(surveys, eq(surveys.ticketingId, ticketings.id))
    .where(
      and(
        eq(orders.status, 'PAID'),
        isNotNull(products.ticketingId),
        isNotNull(surveyId),
        lt(ticketings.endsAt, instant),
        lt(ticketings.endsAt, dueFrom),
        gte(ticketings.endsAt, sql`${dueFrom} - ${`${CATCH_UP_DAYS} days`}::interval`),
      ),
    )
    .orderBy(asc(ticketings.id), asc(users.id));
  const surveyIds = [...new Set(due.flatMap((row) => (row.surveyId === null ? [] : [row.surveyId])))];
  const titles = new Map(
    surveyIds.length === 0
      ? []
      : (
          await db.select({ id: surveys.id, title: surveys.title }).from(surveys).where(inArray(surveys.id, surveyIds))
        ).map((survey) => [survey.id, survey.title]),
  );
  let sent = 0;
  for (const row of due) {
    if (row.surveyId === null) continue;
    const participant = { surveyId: row.surveyId, ticketingId: row.ticketingId, userId: row.userId };
    const claimed = await db
      .insert(surveyInvitations)
      .values(participant)
      .onConflictDoNothing()
      .returning({ userId: surveyInvitations.userId });
    if (claimed.length === 0) continue;
    try {
      await mailer.send(
        surveyInvitationMail({
          to: row.email,
          firstname: row.firstname,
          ticketingTitle: row.ticketingTitle,
          surveyTitle: titles.get(row.surveyId) ?? '',
          link: `${siteUrl}${links.path(participant)}`,
        }),
      );
      sent += 1;
    } catch (error) {
      // Not sent: the claim goes, so that the next run tries again.
      await db
        .delete(surveyInvitations)
        .where(
          and(
            eq(surveyInvitations.surveyId, row.surveyId),
            eq(surveyInvitations.ticketingId, row.ticketingId),
            eq(surveyInvitations.userId, row.userId),
          ),
        );
      throw error;
    }
  }
  return sent;
}

export const SURVEY_MAIL_INTERVAL_MS = 60 * 60_000;

/** Runs the job every hour in the API process (the first run a minute after start); never overlaps itself. */
export function startSurveyMailer(
  context: SurveyMailContext,
  log: FastifyBaseLogger,
  intervalMs = SURVEY_MAIL_INTERVAL_MS,
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sendSurveyInvitations(context)
      .then((sent) => {
        if (sent > 0) log.info({ sent }, 'invitations aux enquêtes envoyées');
      })
      .catch((error: unknown) => log.error({ err: error }, 'envoi des invitations aux enquêtes impossible'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, intervalMs);
  // Never what keeps the process alive: the server is.
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
