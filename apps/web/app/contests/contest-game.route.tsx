import { SectionNav } from '@guichet/ui/section-nav';
import { Outlet, useRouteLoaderData } from 'react-router';
import { requireDigits } from '../lib/route-params';
import type { Route } from './+types/contest-game.route';
import { ContestStateBadge, contestPeriodText } from './contest-card';
import { loadContestGame } from './contest-game.server';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const contestGameID = requireDigits(params.contestGameID, request);
  // With the visitor's session: the game says whether they already took part.
  const game = await loadContestGame(request, context, Number(contestGameID));
  return { contestGameID, game };
}

/** The game the child pages (overview, ranking, participate) are about. */
export function useContestGame() {
  const data = useRouteLoaderData<typeof loader>('contests/contest-game.route');
  if (!data) throw new Error('useContestGame outside /jeux-concours/:contestGameID');
  return data.game;
}

/** A contest game and its three pages: overview, ranking, participate. */
export default function ContestGame({ loaderData }: Route.ComponentProps) {
  const { game } = loaderData;
  const base = `/jeux-concours/${loaderData.contestGameID}`;
  const links = [
    { to: base, label: 'Présentation', end: true },
    { to: `${base}/ranking`, label: 'Classement', end: false },
    { to: `${base}/participate`, label: 'Participer', end: false },
  ];
  return (
    <div className="container-page pt-6">
      <div className="mb-4 space-y-2">
        <ContestStateBadge state={game.state} />
        <p className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{game.title}</p>
        <p className="text-slate-700">{contestPeriodText(game)}</p>
      </div>
      <SectionNav label="Jeu-concours" links={links} className="border-b border-slate-200 pb-3" />
      <div className="-mx-4 sm:-mx-6">
        <Outlet />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
