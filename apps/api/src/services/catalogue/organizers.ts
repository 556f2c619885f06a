/** An organizer's page, and the list of organizers (site map). */
import { type OrganizerDetail, type OrganizersAnswer, PROFILE_TICKETINGS_LIMIT } from '@guichet/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizers, ticketings } from '../../db/schema.js';
import { outer, upcomingAndPast } from './summary.js';
import { instant } from './time.js';

/** Every organizer by name (without accents or capitals), with its published ticketings not over at `now`. */
export async function listOrganizers(db: Database, now: Date): Promise<OrganizersAnswer> {
  const rows = await db
    .select({
      id: organizers.id,
      slug: organizers.slug,
      name: organizers.name,
      city: organizers.city,
      upcomingCount: sql<number>`(SELECT count(*)::int FROM ${ticketings} t
        WHERE t.organizer_id = ${outer(organizers.id)} AND t.status = 'PUBLISHED' AND t.ends_at >= ${instant(now)})`,
    })
    .from(organizers)
    .orderBy(sql`unaccent(lower(${organizers.name}))`, asc(organizers.id));
  return { organizers: rows.map((row) => ({ ...row, upcomingCount: Number(row.upcomingCount) })) };
}

export async function findOrganizer(db: Database, id: number, now: Date): Promise<OrganizerDetail | null> {
  const [organizer] = await db
    .select({
      id: organizers.id,
      slug: organizers.slug,
      name: organizers.name,
      description: organizers.description,
      city: organizers.city,
      website: organizers.website,
      logo: organizers.logo,
    })
    .from(organizers)
    .where(eq(organizers.id, id))
    .limit(1);
  if (!organizer) return null;
  // ticketing_organizer_idx (organizer_id, starts_at) serves both lists.
  return {
    ...organizer,
    ...(await upcomingAndPast(db, eq(ticketings.organizerId, id), now, PROFILE_TICKETINGS_LIMIT)),
  };
}
