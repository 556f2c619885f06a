import { NavLink, Outlet } from 'react-router';
import { requireDigits } from '../../lib/route-params';
import type { Route } from './+types/game';

export function loader({ params, request }: Route.LoaderArgs) {
  return { contestGameID: requireDigits(params.contestGameID, request) };
}

/** A contest game and its three pages: overview, ranking, participate. */
export default function ContestGame({ loaderData }: Route.ComponentProps) {
  const base = `/jeux-concours/${loaderData.contestGameID}`;
  const links = [
    { to: base, label: 'Présentation', end: true },
    { to: `${base}/ranking`, label: 'Classement', end: false },
    { to: `${base}/participate`, label: 'Participer', end: false },
  ];
  return (
    <div className="container-page pt-6">
      <nav aria-label="Jeu-concours">
        <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center rounded-full px-4 font-medium no-underline ${
                    isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="-mx-4 sm:-mx-6">
        <Outlet />
      </div>
    </div>
  );
}
