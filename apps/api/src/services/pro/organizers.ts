/**
 * Organisers on the pro site: opening one (with its first owner), its profile as the pro site shows it (the IBAN
 * masked, never whole), changing it, and the platform administrators' list of every organiser.
 */
import { randomUUID } from 'node:crypto';
import type { AdminOrganizer, NewOrganizerData, OrganizerChangesData, ProOrganizer } from '@guichet/contracts';
import { maskIban, type OrganizerRole, slugify } from '@guichet/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { memberships, organizers, users } from '../../db/schema.js';

type Queryable = Pick<Database, 'insert' | 'select' | 'update'>;
type OrganizerRow = typeof organizers.$inferSelect;

/** What a name gives when it has no letter or digit to make a slug of (« ★★★ », emoji). */
const FALLBACK_SLUG = 'organisateur';
/** Tries of a numbered slug (le-caveau-2, -3…) before a random one: names are rarely shared more than that. */
const NUMBERED_TRIES = 20;

export function toProOrganizer(row: OrganizerRow, role: OrganizerRole): ProOrganizer {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    website: row.website,
    legalName: row.legalName,
    siret: row.siret,
    street: row.street,
    postalCode: row.postalCode,
    country: row.country,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    maskedIban: row.iban === null ? null : maskIban(row.iban),
    role,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The slugs to try for a name, in order: its own, then numbered, then with a random tail. */
function* slugCandidates(name: string): Generator<string> {
  const base = slugify(name).slice(0, 80).replace(/-+$/, '') || FALLBACK_SLUG;
  yield base;
  for (let n = 2; n < NUMBERED_TRIES + 2; n++) yield `${base}-${n}`;
  for (;;) yield `${base}-${randomUUID().slice(0, 8)}`;
}

/**
 * A new organiser whose owner is `ownerId`, with a slug made from its name and unique: the unique index decides
 * (ON CONFLICT DO NOTHING, so a taken slug does not abort the caller's transaction) and the next candidate is tried.
 */
export async function createOrganizer(db: Queryable, ownerId: number, input: NewOrganizerData): Promise<OrganizerRow> {
  for (const slug of slugCandidates(input.name)) {
    const [row] = await db
      .insert(organizers)
      .values({ ...input, website: input.website ?? null, slug })
      .onConflictDoNothing({ target: organizers.slug })
      .returning();
    if (!row) continue;
    await db.insert(memberships).values({ organizerId: row.id, userId: ownerId, role: 'OWNER' });
    return row;
  }
  throw new Error('unreachable: the slug candidates never end');
}

export async function findOrganizer(db: Pick<Database, 'select'>, organizerId: number): Promise<OrganizerRow | null> {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, organizerId)).limit(1);
  return row ?? null;
}

/** Applies the fields given (absent ones stay); the slug stays whatever the name becomes: public links keep working. */
export async function updateOrganizer(
  db: Pick<Database, 'update'>,
  organizerId: number,
  changes: OrganizerChangesData,
): Promise<OrganizerRow | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(organizers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(organizers.id, organizerId))
    .returning();
  return row ?? null;
}

/** Every organiser by name, a page at a time, with the address of its first owner (null when it has none). */
export async function listAllOrganizers(
  db: Pick<Database, 'select'>,
  page: number,
  pageSize: number,
): Promise<{ organizers: AdminOrganizer[]; total: number }> {
  // A join query: Drizzle names its columns with their tables, so the outer organiser's id is not taken for the user's.
  const firstOwner = db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizerId, organizers.id), eq(memberships.role, 'OWNER')))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId))
    .limit(1);
  const firstOwnerEmail = sql<string | null>`(${firstOwner})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: organizers.id,
        slug: organizers.slug,
        name: organizers.name,
        city: organizers.city,
        legalName: organizers.legalName,
        ownerEmail: firstOwnerEmail,
        createdAt: organizers.createdAt,
      })
      .from(organizers)
      .orderBy(asc(organizers.name), asc(organizers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(organizers),
  ]);
  return {
    organizers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: total?.total ?? 0,
  };
}

/** Whether the user is a platform administrator (the back office's people). */
export async function isPlatformAdmin(db: Pick<Database, 'select'>, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ platformAdmin: users.platformAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.platformAdmin, true)))
    .limit(1);
  return row?.platformAdmin === true;
}
