import { NavLink, Outlet } from 'react-router';
import { requirePlatformAdmin } from '../lib/server/pro-me.server';
import type { Route } from './+types/admin-layout.route';
import { ADMIN_SECTIONS, adminPath } from './admin-paths';

/**
 * Every page of the back office: the person must be a platform administrator (anyone else gets the 404 of a page
 * that does not exist), with the back office's navigation. The check is this layout's middleware, which React
 * Router runs before the loaders and the actions of every page under it: a page's action never runs for
 * someone else, whatever it would read first (the API refuses them too: its /pro/admin guard).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requirePlatformAdmin(request, context);
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requirePlatformAdmin(request, context);
  return { me };
}

export default function AdminLayout() {
  return (
    <div className="container-page py-6">
      <p className="text-lg font-semibold text-slate-900">Administration</p>
      <nav aria-label="Pages de l’administration" className="mt-3 border-b border-slate-200">
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium">
          {ADMIN_SECTIONS.map(({ section, label }) => (
            <li key={section}>
              <NavLink
                to={adminPath(section)}
                end={section === ''}
                className={({ isActive }) =>
                  `inline-block border-b-2 pb-2 no-underline ${isActive ? 'border-brand-700 text-slate-900' : 'border-transparent text-slate-700'}`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
