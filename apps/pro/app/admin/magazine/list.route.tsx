import { listAdminArticles } from '@guichet/contracts';
import { EDITORIAL_STATUS_LABELS } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { adminPath } from '../admin-paths';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/list.route';
import { articleAdminPath } from './article-fields';

/** Paris time, to the minute: « 27/11/2026 10:42 ». */
const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** Le Mag's articles, newest first, drafts and scheduled ones included; searchable, paged by GET links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const page = pageParam(url);
  const list = await proApiFor(request, context).loadData(listAdminArticles, { query: { ...(q ? { q } : {}), page } });
  return { list, q, notice: url.searchParams.get('avis') === 'supprime' ? 'Article supprimé.' : null };
}

export const meta: Route.MetaFunction = () => [{ title: 'Le Mag | Guichet Pro' }];

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { list, q, notice } = loaderData;
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const hrefFor = (page: number) =>
    `${adminPath('magazine')}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Le Mag</h1>
        <Link to={adminPath('magazine/nouveau')} className={buttonClass('primary')}>
          Nouvel article
        </Link>
      </div>
      {notice ? <p role="status">{notice}</p> : null}
      <AdminSearch id="mag-recherche" label="Rechercher un article" value={q} />
      <Table
        caption="Articles, le plus récent d’abord"
        rows={list.items}
        rowKey={(row) => row.id}
        empty={q ? 'Aucun article ne correspond.' : 'Aucun article pour l’instant.'}
        columns={[
          {
            key: 'title',
            header: 'Titre',
            cell: (row) => (
              <Link to={articleAdminPath(row.id)} className="font-medium underline">
                {row.title}
              </Link>
            ),
          },
          { key: 'category', header: 'Catégorie', cell: (row) => row.category },
          {
            key: 'status',
            header: 'État',
            cell: (row) => (row.scheduled ? 'Programmé' : EDITORIAL_STATUS_LABELS[row.status]),
          },
          { key: 'publishedAt', header: 'Publication', cell: (row) => WHEN.format(new Date(row.publishedAt)) },
        ]}
      />
      {pageCount > 1 ? (
        <Pagination page={list.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages des articles" />
      ) : null}
    </div>
  );
}
