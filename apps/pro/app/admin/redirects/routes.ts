import type { RouteConfigEntry } from '@react-router/dev/routes';

/** The back office's redirects pages (issue 27), under /admin; paths relative to the admin layout. */
export const redirectsRoutes: RouteConfigEntry[] = [];
