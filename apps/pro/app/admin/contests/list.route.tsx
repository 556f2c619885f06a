import { listAdminContests } from '@guichet/contracts';
import { CONTEST_STATE_LABELS, EDITORIAL_STATUS_LABELS } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { adminPath } from '../admin-paths';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/list.route';
import { CONTESTS_SECTION, contestPath, WHEN } from './contest-paths';

/** The contest games, the latest first, searched by title, paged by plain GET links (works without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const page = pageParam(url);
  const games = await proApiFor(request, context).loadData(listAdminContests, {
    query: { ...(q ? { q } : {}), page },
  });
  return { games, q };
}

export const meta: Route.MetaFunction = () => [{ title: 'Jeux-concours | Guichet Pro' }];

export default function ContestList({ loaderData }: Route.ComponentProps) {
  const { games, q } = loaderData;
  const pageCount = Math.max(1, Math.ceil(games.total / games.pageSize));
  const hrefFor = (page: number) =>
    `${adminPath(CONTESTS_SECTION)}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Jeux-concours</h1>
        <Link to={adminPath(`${CONTESTS_SECTION}/nouveau`)} className={buttonClass('primary')}>
          Nouveau jeu-concours
        </Link>
      </div>
      <AdminSearch id="jeux-recherche" label="Rechercher un jeu" value={q} />
      <Table
        caption="Jeux-concours, le plus récent d’abord"
        rows={games.items}
        rowKey={(row) => row.id}
        empty={q ? 'Aucun jeu-concours ne correspond.' : 'Aucun jeu-concours pour l’instant.'}
        columns={[
          {
            key: 'title',
            header: 'Titre',
            cell: (row) => (
              <Link to={contestPath(row.id)} className="font-semibold text-brand-700 underline">
                {row.title}
              </Link>
            ),
          },
          { key: 'status', header: 'Statut', cell: (row) => EDITORIAL_STATUS_LABELS[row.status] },
          { key: 'state', header: 'État', cell: (row) => CONTEST_STATE_LABELS[row.state] },
          {
            key: 'period',
            header: 'Période',
            cell: (row) => `${WHEN.format(new Date(row.startsAt))} → ${WHEN.format(new Date(row.endsAt))}`,
          },
          { key: 'players', header: 'Participants', cell: (row) => String(row.participantCount) },
          {
            key: 'drawn',
            header: 'Tirage',
            cell: (row) => (row.drawnAt ? WHEN.format(new Date(row.drawnAt)) : '—'),
          },
        ]}
      />
      {pageCount > 1 ? (
        <Pagination page={games.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages des jeux-concours" />
      ) : null}
    </div>
  );
}
