import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** The back office's home: the audit log. */
export const auditRoutes: RouteConfigEntry[] = [index('admin/audit/audit-log.route.tsx')];
