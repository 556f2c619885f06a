import { ContestGameInput, createAdminContest } from '@guichet/contracts';
import { FormAlert } from '@guichet/ui/form-alert';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { proApiFor } from '../../lib/server/api.server';
import type { Route } from './+types/new.route';
import { errorsOfIssues, readContestForm, rowChange } from './contest-fields';
import { ContestForm } from './contest-form';
import { contestPath } from './contest-paths';

/** The body as the API reads it (checked here by its schema first, sent as typed: the API transforms it). */
type ContestGameForm = z.input<typeof ContestGameInput>;

export const meta: Route.MetaFunction = () => [{ title: 'Nouveau jeu-concours | Guichet Pro' }];

/**
 * Creates the game, always a draft, checked first with the API's own schema (same French messages); a row
 * button (« Ajouter une question »…) sends the form back with its rows changed, nothing saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { values, body } = readContestForm(formData);
  const changed = rowChange(values);
  if (changed) return data({ reply: { errors: {}, values: changed }, alert: null });
  const parsed = ContestGameInput.safeParse(body);
  if (!parsed.success) {
    return data({ reply: { errors: errorsOfIssues(parsed.error.issues), values }, alert: null }, { status: 400 });
  }
  const answer = await proApiFor(request, context).send(createAdminContest, { body: body as ContestGameForm });
  if (answer.status === 201) throw redirect(`${contestPath(answer.body.id)}?avis=cree`);
  const errors = errorsOfIssues(answer.body.issues ?? []);
  return data({ reply: { errors, values }, alert: answer.body.message }, { status: answer.status });
}

export default function NewContest({ actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Nouveau jeu-concours</h1>
      <p className="text-slate-700">Il est créé en brouillon, visible de personne : publiez-le ensuite.</p>
      {actionData?.alert ? <FormAlert focus>{actionData.alert}</FormAlert> : null}
      <div className="max-w-3xl">
        <ContestForm
          // A new set of rows remounts the form: its uncontrolled fields show the values sent back.
          key={JSON.stringify(actionData?.reply.values ?? {})}
          values={actionData?.reply.values ?? { prizeRows: '1', questionRows: '1' }}
          reply={actionData?.reply ?? null}
          submitLabel="Créer le jeu-concours"
        />
      </div>
    </div>
  );
}
