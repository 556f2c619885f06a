import {
  cancelTeamInvitation,
  changeTeamMemberRole,
  getTeam,
  inviteTeamMember,
  OrganizerRole,
  removeTeamMember,
  type TeamInvitation,
  type TeamMember,
} from '@guichet/contracts';
import { formatDay, ORGANIZER_ROLE_TEXTS, ORGANIZER_ROLES } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { parseForm } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readFormData } from '@guichet/ui/read-form.server';
import { data, Form, Link } from 'react-router';
import { invitationRules } from '../lib/pro-form-rules';
import { organizerPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import type { Route } from './+types/team.route';
import { useOrganizer } from './organizer-layout.route';

export const meta: Route.MetaFunction = () => [{ title: 'Équipe | Guichet Pro' }];

const ROLE_OPTIONS = ORGANIZER_ROLES.map((role) => ({ value: role, label: ORGANIZER_ROLE_TEXTS[role].name }));

/**
 * GET /pro/organizers/:organizerId/team: the members and the pending invitations. The API shows them to
 * owners only; anyone else gets the page saying so (a 403 is data, decided on its status). `?retirer=id`
 * asks to confirm a member's removal: a page state of its own, so it works without JavaScript.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const answer = await proApiFor(request, context).send(getTeam, {
    params: { organizerId: Number(params.organizerId) },
  });
  if (answer.status === 403) return { team: null, removing: null };
  if (answer.status !== 200) throw data(answer.body, { status: answer.status });
  const removingId = Number(new URL(request.url).searchParams.get('retirer'));
  const removing = answer.body.members.find((member) => member.id === removingId) ?? null;
  return { team: answer.body, removing };
}

/**
 * One form per intent — invite, change a role, remove a member, cancel an invitation — each one call of the
 * team's API, which decides who may (owners: 403 otherwise) and keeps a last owner (409). Done, the page
 * comes back with a notice; refused, the API's message (and, inviting, the typed fields).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const organizerId = Number(params.organizerId);
  const api = proApiFor(request, context);
  const back = organizerPath(organizerId, 'equipe');
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const refused = (answer: { status: number; body: { message: string } }) =>
    data({ invite: null, error: answer.body.message }, { status: answer.status });

  if (intent === 'invite') {
    const form = parseForm(formData, invitationRules);
    if (!form.ok) return data({ invite: form.reply, error: null }, { status: 400 });
    const role = OrganizerRole.safeParse(form.values.role);
    if (!role.success) {
      return data(
        { invite: { errors: { role: 'Choisissez un rôle.' }, values: form.values }, error: null },
        { status: 400 },
      );
    }
    const answer = await api.send(inviteTeamMember, {
      params: { organizerId },
      body: { email: form.values.email, role: role.data },
    });
    if (answer.status === 201) {
      throw await redirectWithNotice(back, `Invitation envoyée à ${answer.body.email}.`, 'success');
    }
    const { errors, alert } = formFailure(answer.body, ['email', 'role'], { ALREADY_MEMBER: 'email' });
    return data({ invite: { errors, values: form.values }, error: alert }, { status: answer.status });
  }

  const memberId = Number(formData.get('memberId'));
  if (intent === 'role') {
    const role = OrganizerRole.safeParse(formData.get('role'));
    if (!role.success) return data({ invite: null, error: 'Choisissez un rôle.' }, { status: 400 });
    const answer = await api.send(changeTeamMemberRole, {
      params: { organizerId, memberId },
      body: { role: role.data },
    });
    if (answer.status !== 200) return refused(answer);
    throw await redirectWithNotice(
      back,
      `${answer.body.firstname} ${answer.body.lastname} est désormais ${ORGANIZER_ROLE_TEXTS[answer.body.role].name.toLowerCase()}.`,
      'success',
    );
  }
  if (intent === 'remove') {
    const answer = await api.send(removeTeamMember, { params: { organizerId, memberId } });
    if (answer.status !== 204) return refused(answer);
    throw await redirectWithNotice(back, 'Le membre est retiré de l’équipe.', 'success');
  }
  if (intent === 'cancel') {
    const invitationId = Number(formData.get('invitationId'));
    const answer = await api.send(cancelTeamInvitation, { params: { organizerId, invitationId } });
    if (answer.status !== 204) return refused(answer);
    throw await redirectWithNotice(back, 'L’invitation est annulée : son lien ne sert plus.', 'success');
  }
  return data({ invite: null, error: 'Ce formulaire n’est pas reconnu : rechargez la page.' }, { status: 400 });
}

/** The roles, one line each: the invite form's hint. */
function RolesExplained() {
  return (
    <ul className="mt-1 grid gap-1">
      {ORGANIZER_ROLES.map((role) => (
        <li key={role}>
          <strong>{ORGANIZER_ROLE_TEXTS[role].name}</strong> : {ORGANIZER_ROLE_TEXTS[role].does}
        </li>
      ))}
    </ul>
  );
}

function MemberRow({ member, teamPath }: { member: TeamMember; teamPath: string }) {
  const name = `${member.firstname} ${member.lastname}`;
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold">{name}</p>
        <p className="break-all text-sm text-slate-700">{member.email}</p>
        <p className="text-sm text-slate-700">
          {ORGANIZER_ROLE_TEXTS[member.role].name} · depuis le {formatDay(member.since)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="memberId" value={member.id} />
          <div className="grid text-sm font-medium">
            <label htmlFor={`role-${member.id}`}>Rôle de {name}</label>
            <select
              id={`role-${member.id}`}
              name="role"
              defaultValue={member.role}
              className="field-input mt-1 min-h-11"
            >
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Changer le rôle
          </Button>
        </Form>
        <Link to={`${teamPath}?retirer=${member.id}`} className="min-h-11 py-2 text-sm font-medium underline">
          Retirer<span className="sr-only"> {name}</span>
        </Link>
      </div>
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="break-all font-semibold">{invitation.email}</p>
        <p className="text-sm text-slate-700">
          {ORGANIZER_ROLE_TEXTS[invitation.role].name} · lien valable jusqu’au {formatDay(invitation.expiresAt)}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button type="submit" variant="secondary">
          Annuler l’invitation<span className="sr-only"> de {invitation.email}</span>
        </Button>
      </Form>
    </li>
  );
}

/** The removal's confirmation: its own page state (?retirer=id), a real form, a way back. */
function ConfirmRemoval({ member, teamPath }: { member: TeamMember; teamPath: string }) {
  return (
    <section aria-labelledby="retrait" className="mt-6 rounded-xl border-2 border-red-700 bg-white p-4 sm:p-6">
      <h2 id="retrait" className="text-xl font-semibold">
        Retirer {member.firstname} {member.lastname} de l’équipe ?
      </h2>
      <p className="mt-2 text-slate-700">
        Cette personne n’aura plus accès aux pages de l’organisation. Vous pourrez l’inviter de nouveau.
      </p>
      <Form method="post" action={teamPath} className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="memberId" value={member.id} />
        <Button type="submit">Oui, retirer</Button>
        <Link to={teamPath} className="font-medium underline">
          Non, garder ce membre
        </Link>
      </Form>
    </section>
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const submitting = useSubmitting('invite');
  const teamPath = organizerPath(organizer.id, 'equipe');
  const { team, removing } = loaderData;
  return (
    <>
      <h1 id="equipe" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Équipe
      </h1>
      {team === null ? (
        <p className="mt-4 max-w-2xl text-slate-700">
          Seuls les propriétaires de {organizer.name} gèrent son équipe : demandez-leur d’inviter une personne ou de
          changer un rôle.
        </p>
      ) : (
        <>
          {actionData?.error ? (
            <FormAlert className="mt-6" focus>
              {actionData.error}
            </FormAlert>
          ) : null}
          {removing ? <ConfirmRemoval member={removing} teamPath={teamPath} /> : null}
          <section aria-labelledby="membres" className="mt-8">
            <h2 id="membres" className="text-xl font-semibold">
              Membres ({team.members.length})
            </h2>
            <ul className="mt-4 grid gap-3">
              {team.members.map((member) => (
                <MemberRow key={member.id} member={member} teamPath={teamPath} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="invitations" className="mt-10">
            <h2 id="invitations" className="text-xl font-semibold">
              Invitations en attente ({team.invitations.length})
            </h2>
            {team.invitations.length === 0 ? (
              <p className="mt-2 text-slate-700">Aucune invitation en attente.</p>
            ) : (
              <ul className="mt-4 grid gap-3">
                {team.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="inviter" className="mt-10 max-w-xl">
            <h2 id="inviter" className="text-xl font-semibold">
              Inviter une personne
            </h2>
            <p className="mt-2 text-slate-700">Elle recevra par e-mail un lien valable 7 jours.</p>
            <ValidatedForm
              rules={invitationRules}
              reply={actionData?.invite}
              aria-labelledby="inviter"
              className="mt-4 grid gap-5"
            >
              <input type="hidden" name="intent" value="invite" />
              <TextField name="email" label="Adresse e-mail" type="email" autoComplete="off" />
              <SelectField
                name="role"
                label="Rôle"
                options={ROLE_OPTIONS}
                placeholder="Choisissez…"
                hint={<RolesExplained />}
              />
              <div>
                <Button type="submit" loading={submitting}>
                  Envoyer l’invitation
                </Button>
              </div>
            </ValidatedForm>
          </section>
        </>
      )}
    </>
  );
}
