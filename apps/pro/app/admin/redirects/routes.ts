import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The back office's redirects pages (issue 27), under /admin; paths relative to the admin layout. */
export const redirectsRoutes: RouteConfigEntry[] = [
  route('redirections', 'admin/redirects/list.route.tsx'),
  route('redirections/nouvelle', 'admin/redirects/edit.route.tsx', { id: 'admin-redirect-new' }),
  route('redirections/:redirectId', 'admin/redirects/edit.route.tsx', { id: 'admin-redirect-edit' }),
];
