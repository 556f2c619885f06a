/** Shared by the pro suites: a confirmed member of a new organiser, logged in to the pro site. */
import type { OrganizerRole } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import type { AppInstance } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { memberships, organizers, users } from '../../src/db/schema.js';
import { bearer, registerUser, type Tokens } from '../auth/support.js';

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

/** Adds `userId` to an organiser's team with `role`. */
export async function addMember(db: Database, organizerId: number, userId: number, role: OrganizerRole) {
  await db.insert(memberships).values({ organizerId, userId, role });
}
