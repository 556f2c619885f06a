import { layout, prefix, type RouteConfigEntry } from '@react-router/dev/routes';
import { ADMIN_HOME } from './admin-paths';
import { auditRoutes } from './audit/routes';
import { contestsRoutes } from './contests/routes';
import { dealsRoutes } from './deals/routes';
import { magazineRoutes } from './magazine/routes';
import { redirectsRoutes } from './redirects/routes';
import { surveysRoutes } from './surveys/routes';

/** The back office (issue 27): every page under /admin, inside the layout that lets administrators alone in. */
export const adminRoutes: RouteConfigEntry[] = prefix(ADMIN_HOME.slice(1), [
  layout('admin/admin-layout.route.tsx', [
    ...auditRoutes,
    ...dealsRoutes,
    ...contestsRoutes,
    ...magazineRoutes,
    ...surveysRoutes,
    ...redirectsRoutes,
  ]),
]);
