import { getAdminSurvey, getAdminSurveyResults, SurveyAdminParams } from '@guichet/contracts';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { routeParams } from '../../lib/server/route-params.server';
import type { Route } from './+types/results.route';
import { surveysPath } from './survey-form';

/** The answers of a survey counted per question (per rating, per choice), the latest texts, and the CSV download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { surveyId } = routeParams(SurveyAdminParams, params);
  const api = proApiFor(request, context);
  const [survey, results] = await Promise.all([
    api.loadData(getAdminSurvey, { params: { surveyId } }),
    api.loadData(getAdminSurveyResults, { params: { surveyId } }),
  ]);
  return { survey, results };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Réponses — ${loaderData?.survey.title ?? 'questionnaire'} | Guichet Pro` },
];

export default function SurveyResults({ loaderData }: Route.ComponentProps) {
  const { survey, results } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={surveysPath(`/${survey.id}`)}>← {survey.title}</Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Réponses : {survey.title}</h1>
      <p>
        <strong>{results.answerCount}</strong> réponse(s)
        {survey.ticketing ? ` — billetterie ${survey.ticketing.title}` : ''}.{' '}
        <a href={surveysPath(`/${survey.id}/reponses.csv`)} download>
          Télécharger les réponses (CSV)
        </a>
      </p>
      {results.questions.map((question) => (
        <section
          key={question.id}
          aria-labelledby={`question-${question.id}`}
          className="space-y-2 rounded-xl border border-slate-300 p-4"
        >
          <h2 id={`question-${question.id}`} className="font-semibold">
            {question.label}
          </h2>
          <p className="text-sm text-slate-700">
            {question.answerCount} réponse(s)
            {question.averageRating !== null
              ? ` — moyenne ${String(question.averageRating).replace('.', ',')} / 5`
              : ''}
          </p>
          {question.counts.length > 0 ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Réponses par {question.kind === 'RATING' ? 'note' : 'choix'}</caption>
              <thead>
                <tr>
                  <th scope="col">{question.kind === 'RATING' ? 'Note' : 'Choix'}</th>
                  <th scope="col" className="text-right">
                    Réponses
                  </th>
                </tr>
              </thead>
              <tbody>
                {question.counts.map((count) => (
                  <tr key={count.value}>
                    <td>{count.value}</td>
                    <td className="text-right">{count.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {question.recentTexts.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5">
              {question.recentTexts.map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two attendees may write the same words.
                <li key={index}>{text}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
