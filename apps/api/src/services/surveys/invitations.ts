/**
 * The day after an event, its buyers get the survey link by e-mail: one mail per buyer per ticketing per
 * survey, remembered in `survey_invitation` before it is sent, so running the job twice (or in two API
 * processes at once) never mails anyone twice. Every ticketing gets the default survey (the oldest one,
 * « Votre avis sur la soirée » in the demo): surveys are not yet chosen per ticketing.
 */

import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { orderItems, orders, products, surveyInvitations, surveys, ticketings, users } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { surveyInvitationMail } from '../mail/templates.js';
import type { SurveyLinks } from './links.js';

/** Events that ended up to this many days before today still get their mail (a job that did not run catches up). */
export const CATCH_UP_DAYS = 7;

export type SurveyMailContext = { db: Database; mailer: Mailer; links: SurveyLinks; siteUrl: string };

/** The survey every ticketing's attendees are asked to answer. */
export async function defaultSurveyId(db: Database): Promise<number | null> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).orderBy(asc(surveys.id)).limit(1);
  return survey?.id ?? null;
}

/** Sends the invitations due at `now` (events that ended before today, Paris time); returns how many went out. */
export async function sendSurveyInvitations(context: SurveyMailContext, now = new Date()): Promise<number> {
  const { db, mailer, links, siteUrl } = context;
  const surveyId = await defaultSurveyId(db);
  if (surveyId === null) return 0;
  const instant = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(date_trunc('day', ${instant} AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris')`;
  const due = await db
    .selectDistinct({
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
    .where(
      and(
        eq(orders.status, 'PAID'),
        isNotNull(products.ticketingId),
        lt(ticketings.endsAt, today),
        gte(ticketings.endsAt, sql`${today} - ${`${CATCH_UP_DAYS} days`}::interval`),
      ),
    )
    .orderBy(asc(ticketings.id), asc(users.id));
  const [survey] = await db.select({ title: surveys.title }).from(surveys).where(eq(surveys.id, surveyId));
  let sent = 0;
  for (const row of due) {
    const participant = { surveyId, ticketingId: row.ticketingId, userId: row.userId };
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
          surveyTitle: survey?.title ?? '',
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
            eq(surveyInvitations.surveyId, surveyId),
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
