import { listOrders } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { ChevronRight, ReceiptText, UserRoundPen } from '@guichet/ui/icons';
import { useRootData } from '../lib/hooks/use-root-data';
import { pageMeta } from '../lib/meta';
import { formatOrderDate } from '../lib/order-display';
import { apiFor } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import type { Route } from './+types/account-overview.route';
import { OrderStatusBadge } from './order-status';

const LATEST_ORDERS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const orders = await apiFor(request, context).loadData(listOrders, {
    params: { id: user.id },
    query: { page: 1, pageSize: LATEST_ORDERS },
  });
  return { firstname: user.firstname, latest: orders.items, total: orders.total };
}

const SHORTCUTS = [
  {
    to: '/account/informations',
    title: 'Mes informations',
    text: 'Identité, téléphone, adresse de facturation et mot de passe.',
    Icon: UserRoundPen,
  },
  {
    to: '/account/orders',
    title: 'Mes commandes',
    text: 'Toutes vos commandes, leurs billets et leur détail.',
    Icon: ReceiptText,
  },
];

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { latest, total } = loaderData;
  // The account's firstname (the root loader reads the account), the token's otherwise.
  const firstname = useRootData()?.user?.firstname ?? loaderData.firstname;
  return (
    <div className="space-y-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Bonjour {firstname}</h1>
        <p className="text-lg text-slate-700">Bienvenue dans votre espace personnel.</p>
      </div>

      <section aria-labelledby="dernieres-commandes" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="dernieres-commandes" className="text-2xl font-bold text-slate-900">
            Mes dernières commandes
          </h2>
          {total > 0 ? (
            <AppLink to="/account/orders" className="font-medium text-brand-700 underline underline-offset-4">
              Voir toutes mes commandes ({total})
            </AppLink>
          ) : null}
        </div>
        {latest.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
            Vous n’avez pas encore passé de commande.{' '}
            <AppLink to="/" className="font-medium text-brand-700 underline underline-offset-4">
              Découvrir les billetteries
            </AppLink>
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {latest.map((order) => (
              <li key={order.id}>
                {/* Narrow screens: the reference and its date on top, status and total below; one line wide. */}
                <AppLink
                  to={`/account/orders/${order.id}`}
                  className="flex items-center gap-3 px-4 py-4 no-underline hover:bg-slate-50 sm:gap-6 sm:px-6"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-brand-800" data-testid="order-reference">
                        Commande <span className="whitespace-nowrap">{order.reference}</span>
                      </span>
                      <span className="block text-sm text-slate-700">
                        {formatOrderDate(order.createdAt)} · {order.itemCount} article{order.itemCount > 1 ? 's' : ''}
                      </span>
                    </span>
                    <span className="flex items-center gap-3 sm:gap-6">
                      <OrderStatusBadge status={order.status} />
                      <span className="font-semibold text-slate-900">{formatPrice(order.totalAmount)}</span>
                    </span>
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="raccourcis" className="space-y-4">
        <h2 id="raccourcis" className="text-2xl font-bold text-slate-900">
          Raccourcis
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SHORTCUTS.map(({ to, title, text, Icon }) => (
            <li key={to}>
              <AppLink
                to={to}
                className="flex h-full items-start gap-4 rounded-xl border border-slate-200 p-5 no-underline hover:border-brand-700 hover:bg-brand-50"
              >
                <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-1 block text-sm text-slate-700">{text}</span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mon compte', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
