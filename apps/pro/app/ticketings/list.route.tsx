import { ListProTicketingsQuery, listProTicketings } from '@guichet/contracts';
import { formatShortEventDate, TICKETING_STATUSES } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { Pagination } from '@guichet/ui/pagination';
import { data, Form, Link } from 'react-router';
import { organizerPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/list.route';
import { ticketingPath } from './ticketing-paths';
import { STATUS_LABELS, StatusBadge } from './ticketing-status';
import { organizerParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = () => [{ title: 'Billetteries | Guichet Pro' }];

/**
 * The organiser's ticketings: a search by title and a state filter in the address (a GET form: bookmarkable,
 * no JavaScript needed), paged. A bad query (a page of -1) is said above the list, never a 500.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typed = {
    q: url.searchParams.get('q') ?? '',
    status: url.searchParams.get('etat') ?? '',
    page: url.searchParams.get('page') ?? '1',
  };
  const query = ListProTicketingsQuery.safeParse({
    q: typed.q || undefined,
    status: typed.status || undefined,
    page: typed.page,
  });
  if (!query.success) {
    return data({ typed, list: null, message: query.error.issues[0]?.message ?? null }, { status: 400 });
  }
  const answer = await proApiFor(request, context).send(listProTicketings, {
    params: organizerParamsOf(params),
    query: query.data,
  });
  if (answer.status === 200) return { typed, list: answer.body, message: null };
  if (answer.status === 400 || answer.status === 503) {
    return data({ typed, list: null, message: answer.body.message }, { status: answer.status });
  }
  throw data(answer.body, { status: answer.status });
}

export default function TicketingList({ loaderData, params }: Route.ComponentProps) {
  const { typed, list, message } = loaderData;
  const hrefFor = (page: number) => {
    const search = new URLSearchParams();
    if (typed.q) search.set('q', typed.q);
    if (typed.status) search.set('etat', typed.status);
    search.set('page', String(page));
    return `?${search}`;
  };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Billetteries</h1>
        <Link to={organizerPath(Number(params.organizerId), 'billetteries/nouvelle')} className={buttonClass()}>
          Nouvelle billetterie
        </Link>
      </div>
      <Form method="get" className="mt-5 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 grow">
          <label htmlFor="ticketing-search" className="block font-semibold">
            Rechercher par titre
          </label>
          <input
            id="ticketing-search"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={typed.q}
            className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <div>
          <label htmlFor="ticketing-status" className="block font-semibold">
            État
          </label>
          <select
            id="ticketing-status"
            name="etat"
            defaultValue={typed.status}
            className="mt-1.5 block min-h-11 rounded-lg border border-slate-400 bg-white px-3"
          >
            <option value="">Tous</option>
            {TICKETING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          Filtrer
        </button>
      </Form>
      {message ? <FormAlert className="mt-5">{message}</FormAlert> : null}
      {list ? (
        <>
          <p className="mt-5 text-sm text-slate-700" aria-live="polite">
            {list.total === 0
              ? 'Aucune billetterie pour l’instant.'
              : `${list.total} billetterie${list.total > 1 ? 's' : ''}`}
          </p>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
            {list.items.map((ticketing) => (
              <li key={ticketing.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
                <div className="min-w-0 grow">
                  <Link
                    to={ticketingPath(params.organizerId, ticketing.id)}
                    className="font-semibold text-brand-800 underline-offset-4"
                  >
                    {ticketing.title}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {formatShortEventDate(ticketing.startsAt)} · {ticketing.venue}, {ticketing.city} · {ticketing.sold}{' '}
                    / {ticketing.stock} places vendues
                  </p>
                </div>
                <StatusBadge status={ticketing.status} />
              </li>
            ))}
          </ul>
          <div className="mt-5">
            <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} label="Pages des billetteries" />
          </div>
        </>
      ) : null}
    </>
  );
}
