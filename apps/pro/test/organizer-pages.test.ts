/**
 * An organiser's profile and team pages against the real API: what each role may change, the IBAN kept
 * unless a new one is typed, invitations, roles, the last owner kept, a non-owner told who manages the team.
 */

import { getProOrganizer } from '@guichet/contracts';
import { describe, expect, it } from 'vitest';
import { VALID_IBAN } from '../../api/test/pro/support';
import { proApiFor } from '../app/lib/server/api.server';
import { action as profileAction, loader as profileLoader } from '../app/organizer/profile.route';
import { action as teamAction, loader as teamLoader } from '../app/organizer/team.route';
import { get, outcome, post, realProApi, thrown } from './real-api';

const real = realProApi();

type Answer = { data: Record<string, unknown>; init: ResponseInit | null };
const statusOf = (answer: unknown) => (answer as Answer).init?.status ?? 200;
const dataOf = (answer: unknown) => ((answer as Answer).data ?? answer) as Record<string, unknown>;

function redirectOf(value: unknown) {
  if (!(value instanceof Response)) throw value;
  return { location: value.headers.get('Location'), cookies: value.headers.getSetCookie() };
}

const profile = {
  name: 'La Nef',
  city: 'Angoulême',
  website: 'https://lanef.fr',
  legalName: 'SCIC La Nef',
  siret: '356 000 000 00048',
  street: '3 rue Foucauld',
  postalCode: '16000',
  country: 'France',
  contactEmail: 'contact@lanef.fr',
  contactPhone: '05 45 25 97 00',
};

async function savedOrganizer(member: Awaited<ReturnType<typeof real.member>>) {
  const answer = await proApiFor(get('/'), member.context()).send(getProOrganizer, {
    params: { organizerId: member.organizerId },
  });
  if (answer.status !== 200) throw new Error(`organizer: ${answer.status}`);
  return answer.body;
}

describe('the organisation page', () => {
  it('lets an owner change everything; an empty IBAN keeps the saved one, a new one replaces it', async () => {
    const owner = await real.member('OWNER');
    const path = `/organisateurs/${owner.organizerId}/organisation`;
    const call = (fields: Record<string, string>) =>
      thrown(() =>
        profileAction({
          request: post(path, fields),
          context: owner.context(),
          params: { organizerId: String(owner.organizerId) },
        } as never),
      );
    expect(redirectOf(await call({ ...profile, iban: VALID_IBAN })).location).toBe(path);
    const first = await savedOrganizer(owner);
    expect(first).toMatchObject({ name: 'La Nef', legalName: 'SCIC La Nef', siret: '35600000000048' });
    expect(first.maskedIban).toMatch(/^FR76 /);
    expect(redirectOf(await call({ ...profile, name: 'La Nef – SMAC', iban: '' })).location).toBe(path);
    const second = await savedOrganizer(owner);
    expect(second.name).toBe('La Nef – SMAC');
    expect(second.maskedIban).toBe(first.maskedIban);
  });

  it('refuses a wrong IBAN on its field, keeping what was typed', async () => {
    const owner = await real.member('OWNER');
    const answer = await profileAction({
      request: post('/x', { ...profile, iban: 'FR76 3000 6000 0112 3456 7890 180' }),
      context: owner.context(),
      params: { organizerId: String(owner.organizerId) },
    } as never);
    expect(statusOf(answer)).toBe(400);
    const reply = dataOf(answer).reply as unknown as { errors: Record<string, string>; values: Record<string, string> };
    expect(reply.errors.iban).toBe('Cet IBAN n’est pas valide.');
    expect(reply.values.legalName).toBe('SCIC La Nef');
  });

  it('lets a manager change the public part only, whatever else is posted', async () => {
    const manager = await real.member('MANAGER');
    const before = await savedOrganizer(manager);
    const answer = await thrown(() =>
      profileAction({
        request: post('/x', { ...profile, iban: VALID_IBAN }),
        context: manager.context(),
        params: { organizerId: String(manager.organizerId) },
      } as never),
    );
    expect(redirectOf(answer).location).toMatch(/organisation$/);
    const after = await savedOrganizer(manager);
    expect(after.name).toBe('La Nef');
    expect(after.legalName).toBe(before.legalName);
    expect(after.maskedIban).toBe(before.maskedIban);
  });

  it('shows a scanner the API’s refusal as the French 403 page', async () => {
    const scanner = await real.member('SCANNER');
    const refusal = await thrown(() =>
      profileLoader({
        request: get('/x'),
        context: scanner.context(),
        params: { organizerId: String(scanner.organizerId) },
      } as never),
    );
    expect(statusOf(refusal)).toBe(403);
  });
});

describe('the team page', () => {
  const teamCall = (member: Awaited<ReturnType<typeof real.member>>, fields: Record<string, string>) =>
    outcome(() =>
      teamAction({
        request: post(`/organisateurs/${member.organizerId}/equipe`, fields),
        context: member.context(),
        params: { organizerId: String(member.organizerId) },
      } as never),
    );
  const team = async (member: Awaited<ReturnType<typeof real.member>>, path = '/x') =>
    dataOf(
      await teamLoader({
        request: get(path),
        context: member.context(),
        params: { organizerId: String(member.organizerId) },
      } as never),
    ) as {
      team: { members: { id: number; role: string }[]; invitations: { id: number; email: string }[] } | null;
      removing: { id: number } | null;
    };

  it('invites by e-mail with a role, then cancels the invitation', async () => {
    const owner = await real.member('OWNER');
    const email = `equipe-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
    expect(redirectOf(await teamCall(owner, { intent: 'invite', email, role: 'SCANNER' })).location).toMatch(/equipe$/);
    const invitation = (await team(owner)).team?.invitations.find((one) => one.email === email);
    expect(invitation).toBeDefined();
    expect(await real.mailedToken(email, '/invitation')).toMatch(/.+/);
    await teamCall(owner, { intent: 'cancel', invitationId: String(invitation?.id) });
    expect((await team(owner)).team?.invitations).toHaveLength(0);
  });

  it('refuses an invitation without a role, on its field', async () => {
    const owner = await real.member('OWNER');
    const answer = await teamCall(owner, { intent: 'invite', email: 'x@exemple.fr', role: '' });
    expect(statusOf(answer)).toBe(400);
    expect((dataOf(answer).invite as unknown as { errors: Record<string, string> }).errors.role).toBeDefined();
  });

  it('asks to confirm a removal, and keeps the last owner (the API’s 409, said above the page)', async () => {
    const owner = await real.member('OWNER');
    const confirming = await team(owner, `/x?retirer=${owner.id}`);
    expect(confirming.removing?.id).toBe(owner.id);
    const answer = await teamCall(owner, { intent: 'remove', memberId: String(owner.id) });
    expect(statusOf(answer)).toBe(409);
    expect(dataOf(answer).error).toMatch(/au moins un propriétaire/);
    const demoted = await teamCall(owner, { intent: 'role', memberId: String(owner.id), role: 'MANAGER' });
    expect(statusOf(demoted)).toBe(409);
  });

  it('tells a manager that owners manage the team, and refuses their changes', async () => {
    const manager = await real.member('MANAGER');
    expect((await team(manager)).team).toBeNull();
    const answer = await teamCall(manager, { intent: 'invite', email: 'x@exemple.fr', role: 'OWNER' });
    expect(statusOf(answer)).toBe(403);
  });
});
