/** Shared by the pro suites: signing up on the pro site, reading the links it mails, members of organisers. */
import type { OrganizerRole } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import type { AppInstance } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { memberships, organizers, users } from '../../src/db/schema.js';
import { bearer, registerUser, TEST_PASSWORD, type Tokens, uniqueEmail } from '../auth/support.js';
import type { createTestApp } from '../helpers.js';

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** La Poste's head office: a real SIRET, with its Luhn key. */
export const VALID_SIRET = '356 000 000 00048';
/** The IBAN of the ISO 13616 examples, as printed (groups of four). */
export const VALID_IBAN = 'FR76 3000 6000 0112 3456 7890 189';

export function newOrganizer(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Le Rocher de Palmer',
    city: 'Cenon',
    website: 'https://lerocherdepalmer.fr',
    legalName: 'Association Musiques de Nuit Diffusion',
    siret: VALID_SIRET,
    street: '1 rue Aristide Briand',
    postalCode: '33150',
    country: 'France',
    contactEmail: 'contact@exemple.fr',
    contactPhone: '05 56 74 80 00',
    iban: VALID_IBAN,
    ...overrides,
  };
}

export function signupBody(user: Record<string, unknown> = {}, organizer: Record<string, unknown> = {}) {
  return {
    user: {
      firstname: 'Margaux',
      lastname: 'Lefèvre',
      email: uniqueEmail('orga'),
      password: TEST_PASSWORD,
      phone: '06 11 22 33 44',
      acceptTerms: true,
      ...user,
    },
    organizer: newOrganizer(organizer),
  };
}

export const signUp = (context: TestContext, body: unknown) =>
  context.app.inject({ method: 'POST', url: '/pro/signup', payload: body as object });

/** The latest mail sent to `to` whose subject starts with `subject`, from the outbox (after the background work). */
export async function latestMail(context: TestContext, to: string, subject: string) {
  await context.app.background.idle();
  const list = await context.app.inject({ method: 'GET', url: '/dev/outbox' });
  const found = list
    .json<{ messages: { id: string; to: string; subject: string }[] }>()
    .messages.find((message) => message.to === to && message.subject.startsWith(subject));
  if (!found) return null;
  const message = await context.app.inject({ method: 'GET', url: `/dev/outbox/${found.id}` });
  return message.json<{ to: string; subject: string; text: string; html: string }>();
}

/** The token of the latest link to `path` (/confirmer, /invitation) mailed to `to`. */
export async function mailedToken(context: TestContext, to: string, path: string): Promise<string | null> {
  const subject = path === '/confirmer' ? 'Confirmez' : 'Invitation';
  const mail = await latestMail(context, to, subject);
  const match = mail && new RegExp(`${context.env.PRO_URL}${path}\\?jeton=([A-Za-z0-9_-]+)`).exec(mail.text);
  return match?.[1] ?? null;
}

export const proLogin = async (context: TestContext, email: string, password = TEST_PASSWORD) => {
  const response = await context.app.inject({ method: 'POST', url: '/pro/session', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`pro login: ${response.statusCode} ${response.body}`);
  return response.json<Tokens>();
};

/** A registered account, address confirmed, logged in to the pro site. */
export async function proUser(context: TestContext, overrides: Record<string, unknown> = {}) {
  const user = await registerUser(context.app, overrides);
  await context.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
  const pro = await proLogin(context, user.email, user.password);
  return { ...user, pro, headers: bearer(pro.accessToken) };
}

/** A new organiser (SQL) with `owner` as its owner. */
export async function organizerOf(context: TestContext, ownerId: number, name = 'Orga') {
  const [row] = await context.database.db
    .insert(organizers)
    .values({
      slug: `${name.toLowerCase()}-${ownerId}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      city: 'Nantes',
    })
    .returning({ id: organizers.id });
  if (!row) throw new Error('organizer');
  await addMember(context, row.id, ownerId, 'OWNER');
  return row.id;
}

export async function addMember(context: TestContext, organizerId: number, userId: number, role: OrganizerRole) {
  await context.database.db.insert(memberships).values({ organizerId, userId, role });
}

/** A registered account whose address is confirmed, member of a new organiser with `role`. */
export async function confirmedMember(app: AppInstance, db: Database, role: OrganizerRole = 'OWNER') {
  const user = await registerUser(app, { firstname: 'Margaux' });
  await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
  const [organizer] = await db
    .insert(organizers)
    .values({ slug: `orga-${user.id}`, name: `Orga ${user.id}`, city: 'Nantes' })
    .returning({ id: organizers.id });
  if (!organizer) throw new Error('organizer');
  await db.insert(memberships).values({ organizerId: organizer.id, userId: user.id, role });
  return { ...user, organizerId: organizer.id };
}

/** That member's pro session: the headers of their requests to the pro endpoints. */
export async function proHeaders(app: AppInstance, member: { email: string; password: string }) {
  const login = await app.inject({
    method: 'POST',
    url: '/pro/session',
    payload: { email: member.email, password: member.password },
  });
  if (login.statusCode !== 200) throw new Error(`pro login failed: ${login.statusCode} ${login.body}`);
  return bearer(login.json<Tokens>().accessToken);
}
