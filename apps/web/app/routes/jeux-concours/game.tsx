import { Outlet } from 'react-router';
import { SectionNav } from '../../components/ui/section-nav';
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
      <SectionNav label="Jeu-concours" links={links} className="border-b border-slate-200 pb-3" />
      <div className="-mx-4 sm:-mx-6">
        <Outlet />
      </div>
    </div>
  );
}
