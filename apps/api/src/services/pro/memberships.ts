/**
 * Who works for which organiser (the pro site): the role of a person in an organiser, the organisers a person
 * works for. Every pro endpoint's guard (plugins/auth.ts `requireMembership`) asks `membershipRole` once.
 */
import type { OrganizerRole } from '@guichet/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { memberships, organizers } from '../../db/schema.js';

/** The role of user `userId` in organiser `organizerId`, or null when they are not a member of it. */
export async function membershipRole(
  db: Pick<Database, 'select'>,
  userId: number,
  organizerId: number,
): Promise<OrganizerRole | null> {
  // Every pro request asks: a named statement, parsed and planned once per connection.
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizerId, organizerId)))
    .limit(1)
    .prepare('membership_role')
    .execute();
  return row?.role ?? null;
}

/** The organisers a person works for, by name, with their role in each: what the pro site's switcher lists. */
export async function organizersOf(db: Pick<Database, 'select'>, userId: number) {
  return db
    .select({ id: organizers.id, slug: organizers.slug, name: organizers.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizers, eq(organizers.id, memberships.organizerId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizers.name), asc(organizers.id));
}
