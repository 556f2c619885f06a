import { listContestGames } from '@guichet/contracts';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/contests.route';
import { ContestCard } from './contest-card';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { items } = await apiFor(request, context).loadData(listContestGames, {});
  return { games: items };
}

const GROUPS = [
  { state: 'OPEN', title: 'Jeux en cours' },
  { state: 'UPCOMING', title: 'Bientôt' },
  { state: 'CLOSED', title: 'Jeux terminés' },
] as const;

/** Open games first, then upcoming, then closed with their winners (the API's order, grouped). */
export default function JeuxConcours({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page space-y-10 py-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Jeux-concours</h1>
        <p className="text-slate-700">Participation gratuite et sans obligation d’achat, une seule fois par jeu.</p>
      </div>
      {GROUPS.map((group) => {
        const games = loaderData.games.filter((game) => game.state === group.state);
        if (games.length === 0) return null;
        return (
          <section key={group.state} aria-labelledby={`jeux-${group.state}`} className="space-y-4">
            <h2 id={`jeux-${group.state}`} className="text-2xl font-semibold text-slate-900">
              {group.title}
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {games.map((game) => (
                <li key={game.id} className="flex">
                  <ContestCard game={game} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {loaderData.games.length === 0 ? <p className="text-slate-700">Aucun jeu-concours pour le moment.</p> : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Jeux-concours',
      description: 'Participez aux jeux-concours et tentez de gagner des places pour les plus beaux événements.',
    },
    args,
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
