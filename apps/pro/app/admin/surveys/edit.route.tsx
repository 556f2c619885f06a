import {
  type AdminSurvey,
  createAdminSurvey,
  findSurveyTicketings,
  getAdminSurvey,
  SurveyAdminParams,
  updateAdminSurvey,
} from '@guichet/contracts';
import { formatEventDate } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { CheckboxField, Field, SelectField, TextField, useFieldIds, useFormKit, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { type FormReply, valuesFromFormData } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { readFormData } from '@guichet/ui/read-form.server';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { routeParams } from '../../lib/server/route-params.server';
import { AdminSearch, searchParam } from '../admin-search';
import type { Route } from './+types/edit.route';
import {
  errorsOfIssues,
  KIND_OPTIONS,
  readSurveyForm,
  slotName,
  surveyRules,
  surveysPath,
  surveyValues,
} from './survey-form';

/** « nouveau »: the ticketing chosen (?billetterie=…), or the ticketings found for ?q=… to choose from. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = proApiFor(request, context);
  const url = new URL(request.url);
  if (params.surveyId) {
    const { surveyId } = routeParams(SurveyAdminParams, params);
    return {
      survey: await api.loadData(getAdminSurvey, { params: { surveyId } }),
      ticketing: null,
      found: null,
      q: '',
    };
  }
  const q = searchParam(url);
  const chosen = Number.parseInt(url.searchParams.get('billetterie') ?? '', 10);
  const found = q ? (await api.loadData(findSurveyTicketings, { query: { q } })).ticketings : null;
  const ticketing =
    Number.isInteger(chosen) && chosen > 0 ? { id: chosen, title: url.searchParams.get('titre') ?? '' } : null;
  return { survey: null, ticketing, found, q };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.survey?.title ?? 'Nouveau questionnaire'} | Guichet Pro` },
];

type ActionAnswer = { reply: FormReply; alert: string | null };

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = proApiFor(request, context);
  const values = valuesFromFormData(await readFormData(request));
  const form = readSurveyForm(values);
  if (!form.ok) return data<ActionAnswer>({ reply: { errors: form.errors, values }, alert: null }, { status: 400 });
  let answer:
    | Awaited<ReturnType<typeof api.send<typeof updateAdminSurvey>>>
    | Awaited<ReturnType<typeof api.send<typeof createAdminSurvey>>>;
  if (params.surveyId) {
    const { surveyId } = routeParams(SurveyAdminParams, params);
    answer = await api.send(updateAdminSurvey, { params: { surveyId }, body: form.body });
    if (answer.status === 200) throw redirect(surveysPath('?avis=enregistre'));
  } else {
    const ticketingId = Number(new URL(request.url).searchParams.get('billetterie'));
    answer = await api.send(createAdminSurvey, { body: { ...form.body, ticketingId } });
    if (answer.status === 201) throw redirect(surveysPath('?avis=cree'));
  }
  const failure = answer.body as Parameters<typeof formFailure>[0];
  const errors = errorsOfIssues(failure.issues ?? [], form.slots);
  const { alert } = formFailure(failure, []);
  return data<ActionAnswer>(
    { reply: { errors, values }, alert: Object.keys(errors).length > 0 && !alert ? null : (alert ?? failure.message) },
    { status: answer.status },
  );
}

/** A multi-line text of the form (the kit has no textarea of its own): label, message from the server, value kept. */
function TextArea({
  name,
  label,
  hint,
  required,
  defaultValue,
  rows = 3,
}: {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  defaultValue: string;
  rows?: number;
}) {
  const ids = useFieldIds(name);
  const form = useFormKit();
  const kept = form?.values[name];
  return (
    <Field ids={ids} label={label} required={Boolean(required)} error={form?.errors[name] ?? null} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={rows}
          defaultValue={typeof kept === 'string' ? kept : defaultValue}
          className="mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700"
        />
      )}
    </Field>
  );
}

function QuestionSlot({
  slot,
  values,
  answered,
}: {
  slot: number;
  values: Record<string, string | string[]>;
  answered: number;
}) {
  const value = (field: string) => {
    const read = values[slotName(slot, field)];
    return (Array.isArray(read) ? read.at(-1) : read) ?? '';
  };
  const id = value('id');
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-300 p-4">
      <legend className="px-1 font-semibold">{id ? `Question ${slot + 1}` : 'Nouvelle question'}</legend>
      {id ? <input type="hidden" name={slotName(slot, 'id')} value={id} /> : null}
      {answered > 0 ? (
        <p className="text-sm text-slate-700">
          {answered} réponse(s) : son type et ses choix sont figés (vous pouvez ajouter des choix et reformuler).
        </p>
      ) : null}
      <TextField name={slotName(slot, 'label')} label="Question" defaultValue={value('label')} maxLength={200} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          name={slotName(slot, 'kind')}
          label="Type"
          options={KIND_OPTIONS}
          defaultValue={value('kind') || 'RATING'}
        />
        <TextField
          name={slotName(slot, 'position')}
          label="Ordre"
          type="number"
          defaultValue={value('position') || String(slot + 1)}
        />
      </div>
      <TextArea
        name={slotName(slot, 'choices')}
        label="Choix"
        hint="Questions à choix seulement : un choix par ligne."
        defaultValue={value('choices')}
      />
      <CheckboxField
        name={slotName(slot, 'required')}
        label="Réponse obligatoire"
        defaultChecked={value('required') !== '' || !id}
      />
      {id && answered === 0 ? <CheckboxField name={slotName(slot, 'remove')} label="Retirer cette question" /> : null}
    </fieldset>
  );
}

function TicketingPicker({
  q,
  found,
}: {
  q: string;
  found: { id: number; title: string; endsAt: string; surveyId: number | null }[] | null;
}) {
  return (
    <section aria-labelledby="choisir-titre" className="space-y-4">
      <h2 id="choisir-titre" className="text-lg font-semibold">
        Choisir la billetterie
      </h2>
      <AdminSearch id="billetterie-recherche" label="Titre de la billetterie" value={q} />
      {found ? (
        found.length === 0 ? (
          <p role="status">Aucune billetterie ne correspond.</p>
        ) : (
          <ul className="space-y-2" aria-label="Billetteries trouvées">
            {found.map((ticketing) => (
              <li key={ticketing.id}>
                {ticketing.surveyId ? (
                  <Link to={surveysPath(`/${ticketing.surveyId}`)}>
                    {ticketing.title} ({formatEventDate(ticketing.endsAt)}) — a son questionnaire : le modifier
                  </Link>
                ) : (
                  <Link
                    to={`${surveysPath('/nouveau')}?${new URLSearchParams({ billetterie: String(ticketing.id), titre: ticketing.title })}`}
                  >
                    {ticketing.title} ({formatEventDate(ticketing.endsAt)})
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

export default function EditSurvey({ loaderData, actionData }: Route.ComponentProps) {
  const { survey, ticketing, found, q } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const submitting = useSubmitting();
  const values = answer?.reply.values ?? surveyValues(survey as AdminSurvey | null);
  const slotCount = Number(values.slots ?? 0);
  const answeredBySlot = new Map((survey?.questions ?? []).map((question, slot) => [slot, question.answerCount]));
  const here = survey
    ? surveysPath(`/${survey.id}`)
    : `${surveysPath('/nouveau')}?${new URLSearchParams({ billetterie: String(ticketing?.id ?? ''), titre: ticketing?.title ?? '' })}`;
  const one = (name: string) => {
    const read = values[name];
    return (Array.isArray(read) ? read.at(-1) : read) ?? '';
  };
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={surveysPath()}>← Questionnaires</Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{survey ? survey.title : 'Nouveau questionnaire'}</h1>
      {survey ? (
        <p>
          {survey.ticketing
            ? `Billetterie : ${survey.ticketing.title}.`
            : survey.isDefault
              ? 'Questionnaire par défaut : envoyé après chaque billetterie qui n’a pas le sien.'
              : 'Rattaché à aucune billetterie.'}{' '}
          <Link to={surveysPath(`/${survey.id}/resultats`)}>Voir les {survey.answerCount} réponse(s)</Link>
        </p>
      ) : ticketing ? (
        <p>Billetterie : {ticketing.title || `n° ${ticketing.id}`}.</p>
      ) : null}
      {!survey && !ticketing ? (
        <TicketingPicker q={q} found={found} />
      ) : (
        <>
          {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
          <ValidatedForm rules={surveyRules} reply={answer?.reply ?? null} action={here} className="space-y-5">
            <input type="hidden" name="slots" value={String(slotCount)} />
            <TextField
              name="title"
              label="Titre"
              required
              rules={surveyRules.title}
              defaultValue={one('title')}
              maxLength={120}
            />
            <TextArea name="introduction" label="Introduction" required defaultValue={one('introduction')} rows={3} />
            <TextField
              name="inviteAfterDays"
              label="Envoi de l’invitation (jours après la fin de l’événement)"
              type="number"
              required
              rules={surveyRules.inviteAfterDays}
              defaultValue={one('inviteAfterDays')}
              hint="0 : le jour même, une fois l’événement fini ; 1 : le lendemain. 60 au plus."
            />
            <h2 className="text-lg font-semibold">Questions</h2>
            {answer?.reply.errors[''] ? <FormAlert>{answer.reply.errors['']}</FormAlert> : null}
            {Array.from({ length: slotCount }, (_, slot) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a slot is a numbered place of the form (its fields are named after it).
              <QuestionSlot key={slot} slot={slot} values={values} answered={answeredBySlot.get(slot) ?? 0} />
            ))}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={submitting}>
                {survey ? 'Enregistrer' : 'Créer le questionnaire'}
              </Button>
              <Link to={surveysPath()} className={buttonClass('secondary')}>
                Annuler
              </Link>
            </div>
          </ValidatedForm>
        </>
      )}
    </div>
  );
}
