import { exportAdminSurveyAnswers, SurveyAdminParams } from '@guichet/contracts';
import { routeParams } from '../../lib/server/route-params.server';
import { streamCsv } from '../../sales/csv-download.server';
import type { Route } from './+types/answers-csv.route';

/** « Télécharger les réponses (CSV) »: the API's answers.csv, streamed through. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return streamCsv(request, context, exportAdminSurveyAnswers, { params: routeParams(SurveyAdminParams, params) });
}
