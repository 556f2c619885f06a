/** The day after an event its buyers get the survey link, once: a second run mails nobody. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyInvitations, ticketings } from '../../src/db/schema.js';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import { listOutbox, readOutboxMessage } from '../../src/services/mail/outbox.js';
import { sendSurveyInvitations } from '../../src/services/surveys/invitations.js';
import { firstPastTicketingOf } from '../../src/services/surveys/surveys.js';
import { createTestApp } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
});

afterAll(async () => {
  await context?.close();
});

const job = () => ({
  db: context.database.db,
  mailer: context.app.mailer,
  links: context.app.surveyLinks,
  siteUrl: context.env.SITE_URL,
});

describe('the survey invitations', () => {
  it('mail the demo account the day after her concert, with a link that opens the survey, and only once', async () => {
    const { db } = context.database;
    const past = await firstPastTicketingOf(db, DEMO_ACCOUNT.email);
    const [concert] = await db
      .select({ endsAt: ticketings.endsAt, title: ticketings.title })
      .from(ticketings)
      .where(eq(ticketings.id, past?.ticketingId ?? 0));
    if (!concert) throw new Error('no past concert of the demo account');
    const dayAfter = new Date(concert.endsAt.getTime() + 24 * 3600_000);
    const sameDay = new Date(concert.endsAt.getTime() + 60_000);

    // Not the evening itself: the mail waits for the next day.
    await sendSurveyInvitations(job(), sameDay);
    const invited = () =>
      db
        .select()
        .from(surveyInvitations)
        .where(eq(surveyInvitations.ticketingId, past?.ticketingId ?? 0));
    expect(await invited()).toHaveLength(0);

    expect(await sendSurveyInvitations(job(), dayAfter)).toBeGreaterThanOrEqual(1);
    expect(await invited()).toHaveLength(1);
    const messages = await listOutbox(context.env.MAIL_OUTBOX_DIR);
    const mine = messages.filter((message) => message.subject.startsWith(concert.title));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.to).toBe(DEMO_ACCOUNT.email);
    const mail = await readOutboxMessage(context.env.MAIL_OUTBOX_DIR, mine[0]?.id ?? '');
    const link = /(\/survey\/\d+\/\d+\/\d+\?sig=[\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(mail?.text).toContain(`${context.env.SITE_URL}${link}`);
    const opened = await context.app.inject({ method: 'GET', url: (link ?? '').replace('/survey/', '/surveys/') });
    expect(opened.statusCode).toBe(200);

    // Again, the same day and the day after: nobody is mailed twice.
    expect(await sendSurveyInvitations(job(), dayAfter)).toBe(0);
    const later = await context.app.inject({ method: 'POST', url: '/dev/surveys/send' });
    expect(later.json()).toMatchObject({ sent: expect.any(Number) });
    const again = await listOutbox(context.env.MAIL_OUTBOX_DIR);
    expect(again.filter((message) => message.subject.startsWith(concert.title))).toHaveLength(1);
  });

  it('gives the demo link on the development route', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/dev/surveys/link' });
    expect(response.statusCode).toBe(200);
    const { path, url } = response.json();
    expect(url).toBe(`${context.env.SITE_URL}${path}`);
    const opened = await context.app.inject({ method: 'GET', url: path.replace('/survey/', '/surveys/') });
    expect(opened.json().ticketing.title).toBe('Kenza et les Lucioles — Lueurs');
  });

  it('is hidden from anyone but the machine itself', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/dev/surveys/link',
      remoteAddress: '203.0.113.7',
    });
    expect(response.statusCode).toBe(404);
  });
});
