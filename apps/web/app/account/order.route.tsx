import { CANCEL_ORDER_MESSAGES, cancelAccountOrder, getOrder } from '@guichet/contracts';
import { formatPrice, ticketEventWhen, ticketingPath } from '@guichet/domain';
import { AppLink, useSiteHref } from '@guichet/ui/app-link';
import { Button, buttonClass } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { ArrowLeft, CircleCheck, CreditCard, Download, FileText, Ticket } from '@guichet/ui/icons';
import { data, Form, redirect } from 'react-router';
import { withoutOrderedLines } from '../cart/cart.server';
import { invoicePdfPath, ticketsPdfPath } from '../checkout/download-links';
import { useNow } from '../lib/hooks/use-now';
import { pageMeta } from '../lib/meta';
import { formatOrderDateTime } from '../lib/order-display';
import { notFound, requireNumericId } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import { OrderLinesHead } from '../ui/order-lines-head';
import type { Route } from './+types/order.route';
import { OrderStatusBadge } from './order-status';

/** orderID: digits only (else 404). Another user's order and an unknown one are the same 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const orderID = requireNumericId(params.orderID, request);
  const user = await requireUser(request, context);
  // An unknown order and another user's answer the same 404.
  const order = await apiFor(request, context).loadData(getOrder, { params: { id: user.id, orderID } });
  // ?paid=1: the payment page's way back, once paid (a provider's page too: the device's cart goes here).
  const url = new URL(request.url);
  const justPaid = url.searchParams.get('paid') === '1';
  const cookie = justPaid ? await withoutOrderedLines(request, order) : null;
  // Once, then never again (the lines are gone): the same page again, so that the header's cart, read
  // from the request's cookie by the root loader, sees the new one too.
  if (cookie) throw redirect(url.pathname + url.search, { status: 303, headers: { 'Set-Cookie': cookie } });
  const justCancelled = url.searchParams.get('annulee') === '1' && order.status === 'CANCELLED';
  return { order, justPaid, justCancelled };
}

/**
 * « Annuler la commande »: the page's one form, so a post here cancels the order (its body is not read). The
 * order is « Annulée » and its places back on sale; a paid one is refused with the API's French message.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const orderID = requireNumericId(params.orderID, request);
  const user = await requireUser(request, context);
  const result = await apiFor(request, context).send(cancelAccountOrder, { params: { id: user.id, orderID } });
  if (result.status === 200) throw redirect(`/account/orders/${orderID}?annulee=1`, { status: 303 });
  if (result.status === 404) notFound(request);
  return data({ alert: result.body.message }, { status: result.status });
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, justPaid, justCancelled } = loaderData;
  const siteHref = useSiteHref();
  const cancelling = useSubmitting();
  const paid = order.status === 'PAID';
  const tickets = order.items.flatMap((item) => item.tickets.map((ticket) => ({ ...ticket, item })));
  const address = order.facturationAddress;
  // Tickets are dated as their PDF and e-mail were, from the payment; an unpaid order from now.
  const now = useNow();
  const datedAt = order.paidAt ?? now;

  return (
    <div className="space-y-10">
      {justPaid && paid ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border-l-4 border-green-700 bg-green-50 px-4 py-4 text-green-950"
        >
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
          <p className="font-semibold">
            Merci ! Votre commande {order.reference} est confirmée. Vos billets vous ont été envoyés par e-mail.
          </p>
        </div>
      ) : null}
      {justCancelled ? (
        <div role="status" className="rounded-xl border-l-4 border-slate-500 bg-slate-50 px-4 py-4 text-slate-900">
          <p className="font-semibold">{CANCEL_ORDER_MESSAGES.cancelled}</p>
        </div>
      ) : null}
      {actionData?.alert ? <FormAlert focus>{actionData.alert}</FormAlert> : null}
      <div className="space-y-4">
        <AppLink
          to="/account/orders"
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-4"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Mes commandes
        </AppLink>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Commande {order.reference}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-slate-700">
          Passée le {formatOrderDateTime(order.createdAt)}
          {order.paidAt ? `, payée le ${formatOrderDateTime(order.paidAt)}` : ''}.
        </p>
        {order.status === 'PENDING' && order.paymentPath ? (
          <div className="flex flex-wrap items-center gap-3">
            {/* A full page load: the payment page is top-level, and may be the provider's own. */}
            <a href={siteHref(order.paymentPath)} className={buttonClass('action')}>
              <CreditCard className="size-5" aria-hidden="true" />
              Payer la commande
            </a>
            <Form method="post">
              <Button type="submit" variant="secondary" loading={cancelling}>
                Annuler la commande
              </Button>
            </Form>
            {order.expiresAt ? (
              <p className="text-sm text-slate-700">
                Places réservées jusqu’au {formatOrderDateTime(order.expiresAt)}.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <section aria-labelledby="articles" className="space-y-4">
        <h2 id="articles" className="text-2xl font-bold text-slate-900">
          Articles
        </h2>
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Articles de la commande {order.reference}</caption>
            <OrderLinesHead />
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-t border-slate-200 align-top">
                  <td className="px-4 py-3">
                    <span className="block font-semibold text-slate-900">{item.title}</span>
                    {item.ticketing ? (
                      <span className="mt-1 block text-slate-700">
                        <AppLink
                          to={ticketingPath(item.ticketing)}
                          className="text-brand-700 underline underline-offset-4"
                        >
                          {item.ticketing.title}
                        </AppLink>{' '}
                        · {ticketEventWhen(item.ticketing, datedAt)} · {item.ticketing.venue}, {item.ticketing.city}
                      </span>
                    ) : (
                      <span className="mt-1 block text-slate-700">Bon plan</span>
                    )}
                    {/* Narrow screens: the unit price and quantity columns are left out, and said here. */}
                    <span className="mt-1 block text-slate-700 sm:hidden">
                      {item.quantity} × {formatPrice(item.unitPrice)}
                    </span>
                  </td>
                  <td className="hidden px-4 py-3 text-right whitespace-nowrap sm:table-cell">
                    {formatPrice(item.unitPrice)}
                  </td>
                  <td className="hidden px-4 py-3 text-right sm:table-cell">{item.quantity}</td>
                  <td className="px-4 py-3 text-right font-semibold whitespace-nowrap">
                    {formatPrice(item.lineTotal)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 bg-slate-50">
                <th scope="row" className="px-4 py-3 text-right font-semibold text-slate-900">
                  Total de la commande
                </th>
                <td colSpan={2} className="hidden sm:table-cell" />
                <td className="px-4 py-3 text-right text-base font-bold whitespace-nowrap text-slate-900">
                  {formatPrice(order.totalAmount)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      {paid && tickets.length > 0 ? (
        <section aria-labelledby="billets" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="billets" className="text-2xl font-bold text-slate-900">
              Mes billets
            </h2>
            <div className="flex flex-wrap gap-3">
              <a href={ticketsPdfPath({ order: order.id })} className={buttonClass('action')} download>
                <Download className="size-5" aria-hidden="true" />
                Télécharger mes billets (PDF)
              </a>
              <a href={invoicePdfPath({ order: order.id })} className={buttonClass('secondary')} download>
                <FileText className="size-5" aria-hidden="true" />
                Télécharger la facture (PDF)
              </a>
            </div>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {tickets.map((ticket) => (
              <li key={ticket.code} className="flex items-start gap-3 rounded-xl border border-slate-200 p-4">
                <Ticket className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{ticket.item.ticketing?.title ?? ticket.item.title}</p>
                  <p className="text-sm text-slate-700">
                    {ticket.item.ticketing ? ticket.item.title : 'Bon plan à présenter au partenaire'}
                  </p>
                  <p className="mt-2 text-sm text-slate-700">
                    Code : <span className="font-mono font-semibold break-all text-slate-900">{ticket.code}</span>
                  </p>
                  <p className="text-sm text-slate-700">Au nom de {ticket.holderName}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="facturation" className="space-y-3">
        <h2 id="facturation" className="text-2xl font-bold text-slate-900">
          Adresse de facturation
        </h2>
        {address ? (
          <address className="not-italic text-slate-700">
            {address.street}
            <br />
            {address.postalCode} {address.city}
            <br />
            {address.country}
          </address>
        ) : (
          <p className="text-slate-700">Aucune adresse de facturation pour cette commande.</p>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, ...args }) =>
  pageMeta({ title: loaderData ? `Commande ${loaderData.order.reference}` : 'Commande', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
