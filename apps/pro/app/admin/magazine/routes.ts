import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The back office's magazine pages (issue 27), under /admin; paths relative to the admin layout. */
export const magazineRoutes: RouteConfigEntry[] = [
  route('magazine', 'admin/magazine/list.route.tsx'),
  route('magazine/nouveau', 'admin/magazine/new.route.tsx'),
  route('magazine/:articleId', 'admin/magazine/edit.route.tsx'),
  route('magazine/:articleId/couverture', 'admin/magazine/cover.route.tsx'),
];
