/**
 * What must hold of every link the site signs (lib/signed-links.ts): only the whole signature opens it. A
 * signature cut short — down to its first character — one character longer, or with any one character
 * changed is refused, on each link through its own endpoint: the download of an order's documents, the
 * payment session, the attendee's survey and the survey's results token. A comparison of a prefix (the
 * first characters that match) would let a link be forged in a few dozen tries.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, surveys, users } from '../src/db/schema.js';
import { SIGNATURE_LENGTH, signedLinks } from '../src/lib/signed-links.js';
import { DEMO_ACCOUNT } from '../src/seed/index.js';
import type { SurveyParticipant } from '../src/services/surveys/links.js';
import { firstPastTicketingOf } from '../src/services/surveys/surveys.js';
import { createTestApp } from './helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let paidOrderId: number;
let camille: SurveyParticipant;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(users.email, DEMO_ACCOUNT.email))
    .orderBy(asc(orders.id))
    .limit(1);
  const [survey] = await db.select({ id: surveys.id }).from(surveys).orderBy(asc(surveys.id)).limit(1);
  const past = await firstPastTicketingOf(db, DEMO_ACCOUNT.email);
  if (!paid || !survey || !past) throw new Error('the seed has no paid order or no survey for the demo account');
  paidOrderId = paid.id;
  camille = { surveyId: survey.id, ...past };
});

afterAll(async () => {
  await context?.close();
});

/** Another base64url character than `char`. */
const other = (char: string) => (char === 'A' ? 'B' : 'A');

/**
 * Every way of being almost right: each prefix (the first character alone up to all but the last), one
 * character more, and the signature with its character at each position changed.
 */
function forgeries(signature: string): string[] {
  const prefixes = Array.from({ length: signature.length - 1 }, (_, end) => signature.slice(0, end + 1));
  const changed = Array.from(
    signature,
    (char, at) => `${signature.slice(0, at)}${other(char)}${signature.slice(at + 1)}`,
  );
  return [...prefixes, `${signature}A`, ...changed];
}

describe('signedLinks, the one comparison', () => {
  it('accepts the whole signature only: no prefix, no longer one, no one-character change', () => {
    const links = signedLinks('un-secret-de-test-assez-long-pour-hmac', 'test');
    const signature = links.sign('order:42');
    expect(signature).toHaveLength(SIGNATURE_LENGTH);
    expect(links.verify('order:42', signature)).toBe(true);
    const forged = forgeries(signature);
    expect(forged).toHaveLength(2 * SIGNATURE_LENGTH);
    for (const attempt of forged) expect(links.verify('order:42', attempt), attempt).toBe(false);
    expect(links.verify('order:42', '')).toBe(false);
  });
});

/** Each signed link of the site: how it is signed, and its answer to a signature (status only). */
const LINKS: { name: string; sign: () => string; open: (signature: string) => Promise<number>; opened: number }[] = [
  {
    name: 'the download of a paid order’s tickets',
    sign: () => context.app.orderLinks.sign('download', paidOrderId),
    open: async (sig) =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/orders/${paidOrderId}/documents/tickets?sig=${encodeURIComponent(sig)}`,
        })
      ).statusCode,
    opened: 200,
  },
  {
    name: 'the payment session',
    sign: () => context.app.orderLinks.paymentSession(paidOrderId).split('.')[1] ?? '',
    open: async (sig) =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/payments/demo/${encodeURIComponent(`${paidOrderId}.${sig}`)}`,
        })
      ).statusCode,
    opened: 200,
  },
  {
    name: 'the attendee’s survey',
    sign: () => context.app.surveyLinks.sign(camille),
    open: async (sig) =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/surveys/${camille.surveyId}/${camille.ticketingId}/${camille.userId}?sig=${encodeURIComponent(sig)}`,
        })
      ).statusCode,
    opened: 200,
  },
  {
    name: 'the survey’s results token',
    sign: () => context.app.surveyLinks.resultsToken(camille.surveyId),
    open: async (token) =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/surveys/${camille.surveyId}/results`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    opened: 200,
  },
];

describe('every signed link of the site', () => {
  it.each(LINKS)('opens $name with its whole signature only', async ({ sign, open, opened }) => {
    const signature = sign();
    expect(signature).toHaveLength(SIGNATURE_LENGTH);
    expect(await open(signature)).toBe(opened);
    for (const attempt of forgeries(signature)) {
      const status = await open(attempt);
      expect([401, 403, 404], `${attempt} answered ${status}`).toContain(status);
    }
  });
});
