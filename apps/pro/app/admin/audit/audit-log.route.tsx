import { listAuditLog } from '@guichet/contracts';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntity } from '@guichet/domain';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { proApiFor } from '../../lib/server/api.server';
import { adminPath } from '../admin-paths';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/audit-log.route';

/** Paris time, to the minute: « 27/11/2026 10:42 ». */
const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

const isEntity = (value: string | null): value is AuditEntity => AUDIT_ENTITIES.some((entity) => entity === value);

/**
 * The back office's home: the audit log, newest first — who changed what and when — searchable by a word of the
 * row's name or the editor's address, filtered by kind, paged by plain GET links (works without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const kind = url.searchParams.get('type');
  const entity = isEntity(kind) ? kind : undefined;
  const page = pageParam(url);
  const log = await proApiFor(request, context).loadData(listAuditLog, {
    query: { ...(q ? { q } : {}), ...(entity ? { entity } : {}), page },
  });
  return { log, q, entity: entity ?? '' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Journal des modifications | Guichet Pro' }];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { log, q, entity } = loaderData;
  const pageCount = Math.max(1, Math.ceil(log.total / log.pageSize));
  const hrefFor = (page: number) =>
    `${adminPath()}?${new URLSearchParams({ ...(q ? { q } : {}), ...(entity ? { type: entity } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Journal des modifications</h1>
      <AdminSearch
        id="journal-recherche"
        label="Rechercher"
        value={q}
        filters={
          <div>
            <label htmlFor="journal-type" className="font-medium text-slate-900">
              Type
            </label>
            <select id="journal-type" name="type" defaultValue={entity} className="field-input">
              <option value="">Tous</option>
              {AUDIT_ENTITIES.map((value) => (
                <option key={value} value={value}>
                  {AUDIT_ENTITY_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <Table
        caption="Modifications, la plus récente d’abord"
        rows={log.entries}
        rowKey={(row) => row.id}
        empty={q || entity ? 'Aucune modification ne correspond.' : 'Aucune modification pour l’instant.'}
        columns={[
          { key: 'at', header: 'Date', cell: (row) => WHEN.format(new Date(row.at)) },
          { key: 'who', header: 'Par', cell: (row) => row.userEmail },
          {
            key: 'what',
            header: 'Action',
            cell: (row) => `${AUDIT_ACTION_LABELS[row.action]} · ${AUDIT_ENTITY_LABELS[row.entity]} n° ${row.entityId}`,
          },
          { key: 'label', header: 'Élément', cell: (row) => row.label },
          {
            key: 'changes',
            header: 'Champs modifiés',
            cell: (row) => Object.keys(row.changes).join(', ') || '—',
          },
        ]}
      />
      {pageCount > 1 ? (
        <Pagination page={log.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages du journal" />
      ) : null}
    </div>
  );
}
