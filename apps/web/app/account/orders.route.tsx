import { listOrders, ORDERS_PAGE_SIZE } from '@guichet/contracts';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import type { Route } from './+types/orders.route';
import { OrdersTable } from './orders-table';

/** The page lives in the URL (?page=2); a page that is not a number or does not exist is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const rawPage = new URL(request.url).searchParams.get('page');
  const page = rawPage === null ? 1 : /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) notFound(request);
  const orders = await apiFor(request, context).loadData(listOrders, {
    params: { id: user.id },
    query: { page, pageSize: ORDERS_PAGE_SIZE.default },
  });
  const pageCount = Math.max(1, Math.ceil(orders.total / orders.pageSize));
  if (page > pageCount) notFound(request);
  return { orders: orders.items, total: orders.total, page, pageCount };
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

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
