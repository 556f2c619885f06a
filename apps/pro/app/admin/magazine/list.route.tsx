import { listAdminArticles } from '@guichet/contracts';
import { EDITORIAL_STATUS_LABELS } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Form, Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { adminPath } from '../admin-paths';
import type { Route } from './+types/list.route';
import { articleAdminPath } from './article-fields';

/** Paris time, to the minute: « 27/11/2026 10:42 ». */
const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** Le Mag's articles, newest first, drafts and scheduled ones included; searchable, paged by GET links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
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
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="mag-recherche" className="font-medium text-slate-900">
            Rechercher un article
          </label>
          <input id="mag-recherche" name="q" type="search" defaultValue={q} maxLength={100} className="field-input" />
        </div>
        <button type="submit" className="btn btn-primary">
          Rechercher
        </button>
      </Form>
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
