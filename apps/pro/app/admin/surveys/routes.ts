import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The back office's surveys pages (issue 27), under /admin; paths relative to the admin layout. */
export const surveysRoutes: RouteConfigEntry[] = [
  route('questionnaires', 'admin/surveys/list.route.tsx'),
  route('questionnaires/nouveau', 'admin/surveys/edit.route.tsx', { id: 'admin-survey-new' }),
  route('questionnaires/:surveyId', 'admin/surveys/edit.route.tsx', { id: 'admin-survey-edit' }),
  route('questionnaires/:surveyId/resultats', 'admin/surveys/results.route.tsx'),
  route('questionnaires/:surveyId/reponses.csv', 'admin/surveys/answers-csv.route.ts'),
];
