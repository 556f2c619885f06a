import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The back office's contest games (issue 27), under /admin; paths relative to the admin layout. */
export const contestsRoutes: RouteConfigEntry[] = [
  route('jeux-concours', 'admin/contests/list.route.tsx'),
  route('jeux-concours/nouveau', 'admin/contests/new.route.tsx'),
  route('jeux-concours/:contestId', 'admin/contests/edit.route.tsx'),
  route('jeux-concours/:contestId/visuel', 'admin/contests/visual.route.tsx'),
];
