import { listOrders, ORDERS_PAGE_SIZE } from '@guichet/contracts';
import { data } from 'react-router';
import { OrdersTable } from '../../components/account/orders-table';
import { pageMeta } from '../../lib/meta';
import { notFound } from '../../lib/route-params';
import { callForAccount } from '../../lib/server/account-api.server';
import { requireUser } from '../../lib/server/guards.server';
import type { Route } from './+types/orders';

/** The page lives in the URL (?page=2); a page that is not a number or does not exist is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const rawPage = new URL(request.url).searchParams.get('page');
  const page = rawPage === null ? 1 : /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) notFound(request);
  const answer = await callForAccount(request, context, listOrders, {
    params: { id: user.id },
    query: { page, pageSize: ORDERS_PAGE_SIZE.default },
  });
  if (answer.status !== 200) throw data(answer.body.message, { status: answer.status });
  const pageCount = Math.max(1, Math.ceil(answer.body.total / answer.body.pageSize));
  if (page > pageCount) notFound(request);
  return { orders: answer.body.items, total: answer.body.total, page, pageCount };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pageCount } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Mes commandes</h1>
        <p className="text-slate-700">
          {total === 0
            ? 'Vos commandes apparaîtront ici.'
            : `${total} commande${total > 1 ? 's' : ''}, de la plus récente à la plus ancienne.`}
        </p>
      </div>
      <OrdersTable orders={orders} page={page} pageCount={pageCount} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, ...args }) =>
  pageMeta(
    {
      title: loaderData && loaderData.page > 1 ? `Mes commandes (page ${loaderData.page})` : 'Mes commandes',
      robots: 'noindex',
    },
    args,
  );
