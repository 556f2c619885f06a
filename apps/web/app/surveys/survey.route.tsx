/**
 * /survey/{surveyID}/{ticketingID}/{userID}?sig=… (minimal layout): the satisfaction survey of an event's
 * attendee, from the link e-mailed the day after. The API checks the signature: a wrong one is the 403 page,
 * unknown ids the 404 page. Once answered (now or on an earlier visit), the page only thanks.
 */
import { answerSurvey, getSurvey, SURVEY_MESSAGES, type SurveyQuestion } from '@guichet/contracts';
import { SURVEY_THANKS, surveyFieldRules } from '@guichet/domain';
import { formFailure, SERVICE_UNAVAILABLE_MESSAGE } from '@guichet/ui/form-failure';
import { type FormReply, parseForm, valuesFromFormData } from '@guichet/ui/form-validation';
import { CircleCheck } from '@guichet/ui/icons';
import { readFormData } from '@guichet/ui/read-form.server';
import { data } from 'react-router';
import { pageMeta } from '../lib/meta';
import { notFound, requireNumericId, requireTicketingId } from '../lib/route-params';
import { type ApiDoor, apiFor } from '../lib/server/api.server';
import type { Route } from './+types/survey.route';
import { SurveyForm } from './survey-form';

function linkOf(params: Route.LoaderArgs['params'], request: Request) {
  const sig = new URL(request.url).searchParams.get('sig') ?? undefined;
  return {
    params: {
      surveyID: requireNumericId(params.surveyID, request),
      ticketingID: requireTicketingId(params.ticketingID, request),
      userID: requireNumericId(params.userID, request),
    },
    query: sig === undefined ? {} : { sig },
  };
}

/** The survey as the API gives it to this link; the 403 and 404 pages otherwise. */
async function surveyOf(api: ApiDoor, link: ReturnType<typeof linkOf>, request: Request) {
  const answer = await api.load(getSurvey, link);
  if (answer.status === 200) return answer.body;
  if (answer.status === 403) throw data(answer.body.message || SURVEY_MESSAGES.forbidden, { status: 403 });
  return notFound(request);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const form = await surveyOf(apiFor(request, context), linkOf(params, request), request);
  return data(form, { headers: { 'Cache-Control': 'no-store' } });
}

type ActionResult = { answered: true } | { answered: false; reply: FormReply; alert: string | null };

/** The submitted form as the API's answers: ratings as numbers, ticked boxes as a list, blanks left out. */
function answersOf(questions: SurveyQuestion[], formData: FormData) {
  const values = valuesFromFormData(formData);
  const answers: Record<string, number | string | string[]> = {};
  for (const question of questions) {
    const raw = values[String(question.id)];
    const all = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const filled = all.filter((value) => value.trim() !== '');
    if (filled.length === 0) continue;
    if (question.kind === 'MULTIPLE_CHOICE') answers[question.id] = filled;
    else if (question.kind === 'RATING') answers[question.id] = Number(filled[0]);
    else answers[question.id] = filled[0] ?? '';
  }
  return answers;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const api = apiFor(request, context);
  const link = linkOf(params, request);
  const survey = await surveyOf(api, link, request);
  if (survey.answered) return data<ActionResult>({ answered: true });
  const formData = await readFormData(request);
  const rules = surveyFieldRules(survey.questions);
  const form = parseForm(formData, rules);
  if (!form.ok) return data<ActionResult>({ answered: false, reply: form.reply, alert: null }, { status: 400 });
  const answer = await api.send(answerSurvey, { ...link, body: { answers: answersOf(survey.questions, formData) } });
  // A second answer (another tab, a double submit) is an answer all the same: the page thanks.
  if (answer.status === 201 || answer.status === 409) return data<ActionResult>({ answered: true });
  if (answer.status === 403) throw data(answer.body.message, { status: 403 });
  const values = valuesFromFormData(formData);
  if (answer.status === 503)
    return data<ActionResult>(
      { answered: false, reply: { errors: {}, values }, alert: SERVICE_UNAVAILABLE_MESSAGE },
      { status: 503 },
    );
  const { errors, alert } = formFailure(answer.body, Object.keys(rules));
  return data<ActionResult>({ answered: false, reply: { errors, values }, alert }, { status: answer.status });
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', loaderHeaders.get('Cache-Control') ?? 'no-store');
  return headers;
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

export default function Survey({ loaderData, actionData }: Route.ComponentProps) {
  const { survey, ticketing, questions } = loaderData;
  const answered = loaderData.answered || actionData?.answered === true;
  const refused = actionData && !actionData.answered ? actionData : null;
  return (
    <div className="space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{survey.title}</h1>
        <p className="text-slate-700">
          {ticketing.title} — {dateFormat.format(new Date(ticketing.startsAt))}
        </p>
      </header>
      {answered ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 font-semibold text-emerald-900"
        >
          <CircleCheck className="size-6 shrink-0" aria-hidden="true" />
          {SURVEY_THANKS}
        </p>
      ) : (
        <>
          <p className="text-slate-700">{survey.introduction}</p>
          <SurveyForm
            questions={questions}
            rules={surveyFieldRules(questions)}
            reply={refused?.reply ?? null}
            alert={refused?.alert ?? null}
          />
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Donnez votre avis', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
