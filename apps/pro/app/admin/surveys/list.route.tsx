import { listAdminSurveys } from '@guichet/contracts';
import { formatEventDate } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { FormSuccess } from '@guichet/ui/form-alert';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/list.route';
import { surveysPath } from './survey-form';

const NOTICES: Record<string, string> = {
  cree: 'Questionnaire créé : il sera envoyé aux participants de sa billetterie.',
  enregistre: 'Questionnaire enregistré.',
};

/** The surveys: the default one first, then each ticketing's; searchable by a ticketing's title, paged by links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const list = await proApiFor(request, context).loadData(listAdminSurveys, {
    query: { ...(q ? { q } : {}), page: pageParam(url) },
  });
  return { list, q, notice: NOTICES[url.searchParams.get('avis') ?? ''] ?? null };
}

export const meta: Route.MetaFunction = () => [{ title: 'Questionnaires | Guichet Pro' }];

export default function SurveyList({ loaderData }: Route.ComponentProps) {
  const { list, q, notice } = loaderData;
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const hrefFor = (page: number) =>
    `${surveysPath()}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Questionnaires de satisfaction</h1>
        <Link to={surveysPath('/nouveau')} className={buttonClass('primary')}>
          Questionnaire d’une billetterie
        </Link>
      </div>
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      <p className="text-slate-700">
        Après un événement, ses acheteurs reçoivent par e-mail le questionnaire de sa billetterie s’il en a un, sinon le
        questionnaire par défaut, le nombre de jours choisi après la fin de l’événement.
      </p>
      <AdminSearch id="questionnaires-recherche" label="Rechercher une billetterie" value={q} />
      <Table
        caption="Questionnaires, celui par défaut d’abord"
        rows={list.surveys}
        rowKey={(row) => row.id}
        empty={q ? 'Aucun questionnaire ne correspond.' : 'Aucun questionnaire pour l’instant.'}
        columns={[
          {
            key: 'title',
            header: 'Questionnaire',
            cell: (row) => <Link to={surveysPath(`/${row.id}`)}>{row.title}</Link>,
          },
          {
            key: 'ticketing',
            header: 'Billetterie',
            cell: (row) =>
              row.ticketing
                ? `${row.ticketing.title} (${formatEventDate(row.ticketing.endsAt)})`
                : row.isDefault
                  ? 'Par défaut : toutes les autres'
                  : 'Aucune (lien seulement)',
          },
          {
            key: 'when',
            header: 'Envoi',
            cell: (row) => (row.inviteAfterDays === 0 ? 'Le jour même' : `${row.inviteAfterDays} j après la fin`),
          },
          { key: 'questions', header: 'Questions', cell: (row) => String(row.questionCount), align: 'right' },
          {
            key: 'answers',
            header: 'Réponses',
            align: 'right',
            cell: (row) => <Link to={surveysPath(`/${row.id}/resultats`)}>{row.answerCount}</Link>,
          },
        ]}
      />
      {pageCount > 1 ? (
        <Pagination page={list.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages des questionnaires" />
      ) : null}
    </div>
  );
}
