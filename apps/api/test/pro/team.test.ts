/**
 * An organiser's team: owners invite by e-mail with a role, change roles and remove members, never leaving the
 * organiser without an owner (not even with two demotions at once); an invitation is accepted once, by the
 * invited address, logged in or creating the account.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships, users } from '../../src/db/schema.js';
import { changeMember } from '../../src/services/pro/team.js';
import { bearer, TEST_PASSWORD, type Tokens, uniqueEmail } from '../auth/support.js';
import { createTestApp } from '../helpers.js';
import { addMember, latestMail, mailedToken, organizerOf, proUser, type TestContext } from './support.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ env: { PRO_URL: 'http://pro.exemple.test:3001' } });
});
afterAll(async () => {
  await context.close();
});

type Headers = Record<string, string>;
const team = (headers: Headers, organizerId: number) =>
  context.app.inject({ method: 'GET', url: `/pro/organizers/${organizerId}/team`, headers });
const invite = (headers: Headers, organizerId: number, email: string, role = 'MANAGER') =>
  context.app.inject({
    method: 'POST',
    url: `/pro/organizers/${organizerId}/team/invitations`,
    headers,
    payload: { email, role },
  });
const accept = (payload: object, headers: Headers = {}) =>
  context.app.inject({ method: 'POST', url: '/pro/invitations/accept', headers, payload });
const setRole = (headers: Headers, organizerId: number, memberId: number, role: string) =>
  context.app.inject({
    method: 'PATCH',
    url: `/pro/organizers/${organizerId}/team/members/${memberId}`,
    headers,
    payload: { role },
  });
const remove = (headers: Headers, organizerId: number, memberId: number) =>
  context.app.inject({ method: 'DELETE', url: `/pro/organizers/${organizerId}/team/members/${memberId}`, headers });

async function ownerWithOrganizer() {
  const owner = await proUser(context, { firstname: 'Inès' });
  const organizerId = await organizerOf(context, owner.id, 'Équipe');
  return { owner, organizerId };
}

const roleOf = async (organizerId: number, userId: number) =>
  (
    await context.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(sql`${memberships.organizerId} = ${organizerId} AND ${memberships.userId} = ${userId}`)
  )[0]?.role ?? null;

describe('invitations', () => {
  it('mails a link to the pro site; the invited person, logged in with that address, joins with the role', async () => {
    const { owner, organizerId } = await ownerWithOrganizer();
    const guest = await proUser(context);
    const invited = await invite(owner.headers, organizerId, guest.email.toUpperCase(), 'SCANNER');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: guest.email, role: 'SCANNER' });
    const days = (Date.parse(invited.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect((await team(owner.headers, organizerId)).json()).toMatchObject({
      members: [{ id: owner.id, role: 'OWNER', firstname: 'Inès' }],
      invitations: [{ email: guest.email, role: 'SCANNER' }],
    });

    const mail = await latestMail(context, guest.email, 'Invitation');
    expect(mail?.subject).toBe('Invitation à rejoindre l’équipe de Équipe sur Guichet');
    expect(mail?.text).toContain('en tant que contrôleur');
    const token = (await mailedToken(context, guest.email, '/invitation')) ?? '';

    // Someone else, logged in: not theirs.
    const other = await proUser(context);
    expect((await accept({ token }, other.headers)).json()).toMatchObject({
      statusCode: 403,
      code: 'INVITATION_FOR_ANOTHER_ADDRESS',
    });
    const accepted = await accept({ token }, guest.headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ organizer: { id: organizerId, role: 'SCANNER' }, tokens: null });
    expect(await roleOf(organizerId, guest.id)).toBe('SCANNER');
    expect((await team(owner.headers, organizerId)).json().invitations).toEqual([]);
    // Once only.
    expect((await accept({ token }, guest.headers)).json()).toMatchObject({ code: 'LINK_INVALID' });
    // And a member of several organisers sees them all.
    const own = await organizerOf(context, guest.id, 'Zèbre');
    const me = await context.app.inject({ method: 'GET', url: '/pro/me', headers: guest.headers });
    expect(
      me
        .json()
        .organizers.map((organizer: { id: number }) => organizer.id)
        .sort(),
    ).toEqual([organizerId, own].sort());
  });

  it('creates the account of someone without one, address confirmed by the link, and logs them in', async () => {
    const { owner, organizerId } = await ownerWithOrganizer();
    const email = uniqueEmail('invite');
    await invite(owner.headers, organizerId, email);
    const token = (await mailedToken(context, email, '/invitation')) ?? '';
    expect((await accept({ token })).json()).toMatchObject({ statusCode: 401, code: 'AUTHENTICATION_REQUIRED' });
    const account = { firstname: 'Noé', lastname: 'Martin', password: TEST_PASSWORD, acceptTerms: true };
    const accepted = await accept({ token, account });
    expect(accepted.statusCode).toBe(200);
    const { tokens, organizer } = accepted.json<{ tokens: Tokens; organizer: { role: string } }>();
    expect(organizer.role).toBe('MANAGER');
    const me = await context.app.inject({ method: 'GET', url: '/pro/me', headers: bearer(tokens.accessToken) });
    expect(me.json()).toMatchObject({ user: { email, firstname: 'Noé' }, organizers: [{ id: organizerId }] });
    const [user] = await context.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).not.toBeNull();
  });

  it('asks an address that has an account to log in, and refuses an expired or cancelled link', async () => {
    const { owner, organizerId } = await ownerWithOrganizer();
    const known = await proUser(context);
    await invite(owner.headers, organizerId, known.email);
    const token = (await mailedToken(context, known.email, '/invitation')) ?? '';
    const account = { firstname: 'A', lastname: 'B', password: TEST_PASSWORD, acceptTerms: true };
    expect((await accept({ token, account })).json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });

    await context.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.email, known.email));
    expect((await accept({ token }, known.headers)).json()).toMatchObject({ code: 'LINK_INVALID' });

    const email = uniqueEmail('annulee');
    const { id } = (await invite(owner.headers, organizerId, email)).json<{ id: number }>();
    const cancelToken = (await mailedToken(context, email, '/invitation')) ?? '';
    const url = `/pro/organizers/${organizerId}/team/invitations/${id}`;
    expect((await context.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
    expect((await context.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(404);
    expect((await accept({ token: cancelToken, account })).json()).toMatchObject({ code: 'LINK_INVALID' });
  });

  it('refuses to invite a member again (409), and replaces a pending invitation to the same address', async () => {
    const { owner, organizerId } = await ownerWithOrganizer();
    expect((await invite(owner.headers, organizerId, owner.email)).json()).toMatchObject({ code: 'ALREADY_MEMBER' });
    const email = uniqueEmail('deux-fois');
    await invite(owner.headers, organizerId, email, 'MANAGER');
    await invite(owner.headers, organizerId, email, 'SCANNER');
    expect((await team(owner.headers, organizerId)).json().invitations).toEqual([
      expect.objectContaining({ email, role: 'SCANNER' }),
    ]);
  });

  it('keeps the team to its owners: a manager and a scanner get 403', async () => {
    const { organizerId } = await ownerWithOrganizer();
    for (const role of ['MANAGER', 'SCANNER'] as const) {
      const member = await proUser(context);
      await addMember(context, organizerId, member.id, role);
      expect((await team(member.headers, organizerId)).statusCode).toBe(403);
      expect((await invite(member.headers, organizerId, uniqueEmail(), 'OWNER')).statusCode).toBe(403);
      expect((await setRole(member.headers, organizerId, member.id, 'OWNER')).statusCode).toBe(403);
      expect(await roleOf(organizerId, member.id)).toBe(role);
    }
  });
});

describe('roles and members', () => {
  it('changes a role and removes a member; an id that is not of this organiser’s team is a 404', async () => {
    const { owner, organizerId } = await ownerWithOrganizer();
    const member = await proUser(context);
    await addMember(context, organizerId, member.id, 'SCANNER');
    const changed = await setRole(owner.headers, organizerId, member.id, 'MANAGER');
    expect(changed.json()).toMatchObject({ id: member.id, email: member.email, role: 'MANAGER' });
    expect((await remove(owner.headers, organizerId, member.id)).statusCode).toBe(204);
    expect(await roleOf(organizerId, member.id)).toBeNull();
    expect((await remove(owner.headers, organizerId, member.id)).statusCode).toBe(404);
    expect((await setRole(owner.headers, organizerId, member.id, 'OWNER')).statusCode).toBe(404);
  });

  it('never leaves an organiser without an owner: the last one can be neither demoted nor removed', async () => {
    const { owner, organizerId } = await ownerWithOrganizer();
    for (const response of [
      await setRole(owner.headers, organizerId, owner.id, 'MANAGER'),
      await remove(owner.headers, organizerId, owner.id),
    ]) {
      expect(response.json()).toMatchObject({ statusCode: 409, code: 'LAST_OWNER' });
    }
    expect(await roleOf(organizerId, owner.id)).toBe('OWNER');
    // With a second owner, one may step down.
    const second = await proUser(context);
    await addMember(context, organizerId, second.id, 'OWNER');
    expect((await setRole(owner.headers, organizerId, owner.id, 'MANAGER')).statusCode).toBe(200);
  });

  it('of two owners demoting each other at the same time, one only succeeds', async () => {
    const owners = async (organizerId: number) =>
      context.database.db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(sql`${memberships.organizerId} = ${organizerId} AND ${memberships.role} = 'OWNER'`);
    for (let round = 0; round < 5; round++) {
      const { owner, organizerId } = await ownerWithOrganizer();
      const second = await proUser(context);
      await addMember(context, organizerId, second.id, 'OWNER');
      // Through the API: the later request meets the guard (403, no longer an owner) or the lock (409).
      const answers = await Promise.all([
        setRole(owner.headers, organizerId, second.id, 'MANAGER'),
        setRole(second.headers, organizerId, owner.id, 'MANAGER'),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await owners(organizerId)).toHaveLength(1);

      // Past the guard, both at once (two connections on a PostgreSQL server): the organiser's lock decides.
      const again = await organizerOf(context, owner.id, 'Verrou');
      await addMember(context, again, second.id, 'OWNER');
      const outcomes = await Promise.all([
        changeMember(context.database.db, again, second.id, { kind: 'role', role: 'MANAGER' }),
        changeMember(context.database.db, again, owner.id, { kind: 'remove' }),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'last-owner')).toHaveLength(1);
      expect(await owners(again)).toHaveLength(1);
    }
  });
});
