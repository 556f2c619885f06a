import { type ContestRankingRow, getContestRanking } from '@guichet/contracts';
import { usePageChange } from '@guichet/ui/hooks/use-page-change';
import { Pagination } from '@guichet/ui/pagination';
import { Table, type TableColumn } from '@guichet/ui/table';
import { formatOrderDateTime } from '../lib/order-display';
import { notFound, requireDigits } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/contest-ranking.route';
import { contestMeta } from './contest-meta';

/** The page lives in the URL (?page=2), so the links work without JavaScript. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(requireDigits(params.contestGameID, request));
  const rawPage = new URL(request.url).searchParams.get('page');
  const page = rawPage === null ? 1 : /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) notFound(request);
  const ranking = await apiFor(request, context).loadData(getContestRanking, { params: { id }, query: { page } });
  const pageCount = Math.max(1, Math.ceil(ranking.total / ranking.pageSize));
  if (page > pageCount) notFound(request);
  return { ranking, page, pageCount, id };
}

// Built once: `toLocaleString` builds a formatter on every call, and a ranking prints one per line.
const countFormat = new Intl.NumberFormat('fr-FR');
const count = (value: number | null) => countFormat.format(value ?? 0);
const plural = (value: number | null) => ((value ?? 0) > 1 ? 's' : '');

/** The visitor's own line: their rank once the game is closed, only « enregistrée » while it runs. */
function MyParticipation({ me, total, published }: { me: ContestRankingRow; total: number; published: boolean }) {
  return (
    <p id="moi" role="status" className="rounded-lg bg-brand-50 px-4 py-3 font-semibold text-brand-900">
      {published
        ? `Vous êtes ${me.rank === 1 ? '1er' : `${me.rank}e`} sur ${total} avec ${count(me.score)} bonne${plural(me.score)} réponse${plural(me.score)}.`
        : 'Votre participation est enregistrée.'}
    </p>
  );
}

export default function ContestGameRanking({ loaderData }: Route.ComponentProps) {
  const { ranking, page, pageCount, id } = loaderData;
  const loading = usePageChange();
  const href = (target: number) => `/jeux-concours/${id}/ranking${target > 1 ? `?page=${target}` : ''}`;
  const { me, published } = ranking;
  // Rows keyed by their place in the list: while the game runs, they have no rank.
  const rows = ranking.items.map((row, index) => ({ ...row, position: (page - 1) * ranking.pageSize + index + 1 }));
  const participant: TableColumn<(typeof rows)[number]> = {
    key: 'name',
    header: 'Participant',
    cell: (row) => (
      <Highlight row={row}>
        {row.name}
        {row.isMe ? <span className="ml-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white">Vous</span> : null}
      </Highlight>
    ),
  };
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">Classement</h1>
      {published ? (
        <p className="text-slate-700">
          Classement par nombre de bonnes réponses, puis par l’écart à la question subsidiaire, puis par ordre de
          participation.
        </p>
      ) : (
        <p className="text-slate-700">
          Le classement, avec les bonnes réponses et l’écart à la question subsidiaire, sera publié à la clôture du jeu,
          le {formatOrderDateTime(ranking.endsAt)}. D’ici là, les participants apparaissent dans l’ordre de leur
          participation.
        </p>
      )}
      {me ? <MyParticipation me={me} total={ranking.total} published={published} /> : null}
      <Table
        caption={`${published ? 'Classement' : 'Participants'} du jeu-concours (page ${page} sur ${pageCount})`}
        loading={loading}
        rows={rows}
        rowKey={(row) => row.position}
        empty="Personne n’a encore participé."
        columns={
          published
            ? [
                { key: 'rank', header: 'Rang', cell: (row) => <Highlight row={row}>{row.rank}</Highlight> },
                participant,
                { key: 'score', header: 'Bonnes réponses', align: 'right', cell: (row) => count(row.score) },
                {
                  key: 'distance',
                  header: 'Écart subsidiaire',
                  align: 'right',
                  className: 'hidden sm:table-cell',
                  cell: (row) => count(row.tieBreakDistance),
                },
              ]
            : [participant]
        }
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={href} label="Pages du classement" />
    </div>
  );
}

/** The visitor's own row: bold, and its name cell marked « Vous » (text, so screen readers say it too). */
function Highlight({ row, children }: { row: ContestRankingRow; children: React.ReactNode }) {
  if (!row.isMe) return <>{children}</>;
  return (
    <strong className="text-brand-900" data-me="true">
      {children}
    </strong>
  );
}

export const meta: Route.MetaFunction = (args) =>
  contestMeta('Classement', { description: 'Le classement des participants de ce jeu-concours.' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
