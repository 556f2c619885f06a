/**
 * An organiser's team: members and their roles, invitations by e-mail (a random token stored as its SHA-256
 * hash, 7 days, accepted once) and accepting one. Every query names the organiser, so that an id of another
 * organiser's member or invitation finds nothing (404). An organiser never loses its last owner: the changes that
 * could take one away lock the organiser's row first, so two of them at once take turns and the second sees the
 * first's result (docs/decisions/0060).
 */
import { INVITATION_TTL_SECONDS, type TeamInvitation, type TeamMember } from '@guichet/contracts';
import type { OrganizerRole } from '@guichet/domain';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invitations, memberships, organizers, users } from '../../db/schema.js';
import { hashToken } from '../auth/tokens.js';

const memberColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: memberships.role,
  since: memberships.createdAt,
};

const toMember = (row: Omit<TeamMember, 'since'> & { since: Date }): TeamMember => ({
  ...row,
  since: row.since.toISOString(),
});

const toInvitation = (row: {
  id: number;
  email: string;
  role: OrganizerRole;
  expiresAt: Date;
  createdAt: Date;
}): TeamInvitation => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const pending = and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`));

export async function teamOf(db: Pick<Database, 'select'>, organizerId: number) {
  const [members, invited] = await Promise.all([
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizerId, organizerId))
      .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id)),
    db
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizerId, organizerId), pending))
      .orderBy(asc(invitations.createdAt), asc(invitations.id)),
  ]);
  return { members: members.map(toMember), invitations: invited.map(toInvitation) };
}

/**
 * A new invitation (its link's hash stored), replacing one still pending for the same address; 'member' when the
 * address is already a member's.
 */
export async function invite(
  db: Database,
  input: { organizerId: number; email: string; role: OrganizerRole; invitedBy: number; tokenHash: string },
): Promise<TeamInvitation | 'member'> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizerId, input.organizerId), sql`lower(${users.email}) = ${input.email}`))
      .limit(1);
    if (member) return 'member';
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.organizerId, input.organizerId),
          eq(invitations.email, input.email),
          isNull(invitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(invitations)
      .values({ ...input, expiresAt: sql`now() + make_interval(secs => ${INVITATION_TTL_SECONDS})` })
      .returning();
    if (!row) throw new Error('invitation insert returned no row');
    return toInvitation(row);
  });
}

/** Cancels a pending invitation of this organiser; false when it has none of that id. */
export async function cancelInvitation(
  db: Pick<Database, 'delete'>,
  organizerId: number,
  invitationId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(invitations)
    .where(
      and(eq(invitations.id, invitationId), eq(invitations.organizerId, organizerId), isNull(invitations.acceptedAt)),
    )
    .returning({ id: invitations.id });
  return deleted.length > 0;
}

type TeamChange = { kind: 'role'; role: OrganizerRole } | { kind: 'remove' };

/**
 * Changes a member's role or removes them, within a transaction holding the organiser's row lock: 'not-found'
 * when the organiser has no such member, 'last-owner' when it would be left without an owner.
 */
export async function changeMember(
  db: Database,
  organizerId: number,
  memberId: number,
  change: TeamChange,
): Promise<TeamMember | 'removed' | 'not-found' | 'last-owner'> {
  return db.transaction(async (tx) => {
    // Two owners demoting each other at once: the second waits here, then counts the owners the first left.
    await tx.select({ id: organizers.id }).from(organizers).where(eq(organizers.id, organizerId)).for('update');
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizerId, organizerId), eq(memberships.userId, memberId)));
    if (!member) return 'not-found';
    const losesOwner = member.role === 'OWNER' && (change.kind === 'remove' || change.role !== 'OWNER');
    if (losesOwner) {
      const [other] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizerId, organizerId),
            eq(memberships.role, 'OWNER'),
            ne(memberships.userId, memberId),
          ),
        )
        .limit(1);
      if (!other) return 'last-owner';
    }
    const ofMember = and(eq(memberships.organizerId, organizerId), eq(memberships.userId, memberId));
    if (change.kind === 'remove') {
      await tx.delete(memberships).where(ofMember);
      return 'removed';
    }
    await tx.update(memberships).set({ role: change.role }).where(ofMember);
    const [row] = await tx
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(ofMember);
    return row ? toMember(row) : 'not-found';
  });
}

export type PendingInvitation = { id: number; organizerId: number; email: string; role: OrganizerRole };

/** The pending invitation of a link's token, or null when it is unknown, accepted or expired. */
export async function findPendingInvitation(
  db: Pick<Database, 'select'>,
  token: string,
): Promise<PendingInvitation | null> {
  const [row] = await db
    .select({
      id: invitations.id,
      organizerId: invitations.organizerId,
      email: invitations.email,
      role: invitations.role,
    })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), pending))
    .limit(1);
  return row ?? null;
}

/**
 * Spends the invitation and makes `userId` a member with its role (one who is a member already keeps their role:
 * an old invitation never demotes anyone); the address it was sent to is confirmed by its use. The organiser as
 * the pro site's switcher lists it, or null when the invitation was spent meanwhile.
 */
export async function acceptInvitation(
  db: Pick<Database, 'update' | 'insert' | 'select'>,
  invitation: PendingInvitation,
  userId: number,
) {
  const [spent] = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.id, invitation.id), pending))
    .returning({ id: invitations.id });
  if (!spent) return null;
  await db
    .insert(memberships)
    .values({ organizerId: invitation.organizerId, userId, role: invitation.role })
    .onConflictDoNothing();
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(eq(users.id, userId));
  const [row] = await db
    .select({ id: organizers.id, slug: organizers.slug, name: organizers.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizers, eq(organizers.id, memberships.organizerId))
    .where(and(eq(memberships.organizerId, invitation.organizerId), eq(memberships.userId, userId)));
  return row ?? null;
}
