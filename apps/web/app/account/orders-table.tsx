import type { OrderSummary } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { usePageChange } from '@guichet/ui/hooks/use-page-change';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { formatOrderDate, ordersPageHref } from '../lib/order-display';
import { OrderStatusBadge } from './order-status';

/**
 * The account's orders, a page at a time. While another page of the list is loading (a client-side
 * navigation), the table shows its loader (« Chargement en cours ») instead of rows that are no longer asked for.
 */
export function OrdersTable({ orders, page, pageCount }: { orders: OrderSummary[]; page: number; pageCount: number }) {
  const loading = usePageChange();

  return (
    <div className="space-y-4">
      <Table
        caption={`Mes commandes, de la plus récente à la plus ancienne (page ${page} sur ${pageCount})`}
        loading={loading}
        rows={orders}
        rowKey={(order) => order.id}
        empty="Vous n’avez pas encore passé de commande."
        columns={[
          {
            key: 'reference',
            header: 'Référence',
            cell: (order) => (
              <>
                <AppLink
                  to={`/account/orders/${order.id}`}
                  className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-4"
                >
                  {order.reference}
                </AppLink>
                {/* Narrow screens: the date and status columns are left out, and said here. */}
                <span className="mt-1 flex flex-wrap items-center gap-2 text-slate-700 sm:hidden">
                  {formatOrderDate(order.createdAt)}
                  <OrderStatusBadge status={order.status} />
                </span>
              </>
            ),
          },
          {
            key: 'date',
            header: 'Date',
            className: 'hidden sm:table-cell',
            cell: (order) => formatOrderDate(order.createdAt),
          },
          {
            key: 'status',
            header: 'Statut',
            className: 'hidden sm:table-cell',
            cell: (order) => <OrderStatusBadge status={order.status} />,
          },
          {
            key: 'total',
            header: 'Total',
            align: 'right',
            cell: (order) => <span className="font-semibold whitespace-nowrap">{formatPrice(order.totalAmount)}</span>,
          },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={ordersPageHref} label="Pages des commandes" />
    </div>
  );
}
