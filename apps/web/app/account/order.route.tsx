import {
  AFTER_SALE_MESSAGES,
  CANCEL_ORDER_MESSAGES,
  cancelAccountOrder,
  type ErrorAnswer,
  getOrder,
  requestPostponementRefund,
  requestWithdrawal,
  resendTickets,
} from '@guichet/contracts';
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
import { chosenTicketIds, partlyRefunded, postponementRefundableTickets, withdrawableVouchers } from './after-sale';
import {
  type AfterSaleAnswer,
  PostponementRefundForm,
  RefundsList,
  ResendTickets,
  WithdrawalForm,
} from './order-after-sale';
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
  // A refund request asked a moment ago (the redirect after the form): said once at the top.
  const notice = NOTICES[url.searchParams.get('avis') ?? ''] ?? null;
  // Drawn once per page shown: the same withdrawal or refund form sent twice refunds once.
  return { order, justPaid, justCancelled, notice, requestId: crypto.randomUUID() };
}

const NOTICES: Readonly<Record<string, string>> = {
  retractation:
    'Nous avons bien reçu votre rétractation : les bons choisis sont annulés et vous serez remboursé sous 14 jours au plus, par le moyen de paiement utilisé. Un e-mail vous le confirme.',
  remboursement:
    'Votre demande de remboursement est enregistrée : les billets choisis sont annulés et vous serez remboursé par le moyen de paiement utilisé. Un e-mail vous le confirmera.',
};

const REFUND_INTENTS = {
  withdrawal: { endpoint: requestWithdrawal, notice: 'retractation' },
  'postponement-refund': { endpoint: requestPostponementRefund, notice: 'remboursement' },
} as const;

/** What a refusal is called here, by its code (the API's message says which rule). */
function refusalText(failure: ErrorAnswer): string {
  if (failure.code === 'RATE_LIMITED') return `${failure.message}`;
  if (failure.code === 'REFUND_REFUSED') return `${failure.message} Rechargez la page pour voir l’état de vos billets.`;
  return failure.message;
}

/**
 * The page's forms, by their `intent`: « Renvoyer mes billets par e-mail », the withdrawal and the postponed
 * event's refund request (the boxes ticked, among those the page offered), and « Annuler la commande » (no
 * intent: the form of a pending order; its body is not read). Every refusal is data shown by its form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const orderID = requireNumericId(params.orderID, request);
  const user = await requireUser(request, context);
  const api = apiFor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? 'cancel');
  const orderParams = { params: { id: user.id, orderID } };

  if (intent === 'resend') {
    const result = await api.send(resendTickets, orderParams);
    if (result.status === 202) {
      return data<AfterSaleAnswer>({ intent, success: `Vos billets ont été renvoyés à ${result.body.email}.` });
    }
    // Another account's order (or none): the same not-found page as the order page's.
    if ((result.status as number) === 404) notFound(request);
    return data<AfterSaleAnswer>({ intent, alert: refusalText(result.body) }, { status: result.status });
  }

  if (intent === 'withdrawal' || intent === 'postponement-refund') {
    const { endpoint, notice } = REFUND_INTENTS[intent];
    const item = Number(formData.get('item'));
    // Only boxes of the form's line are sent (another line's ticket is not this form's to ask). Its own,
    // even one refunded meanwhile, are: a form sent twice carries the same requestId, which the API answers
    // with the refund already made, and a stale box is its to refuse with the reason.
    const order = await api.loadData(getOrder, orderParams);
    const line = order.items.find((candidate) => candidate.id === item);
    const ticketIds = line ? chosenTicketIds(formData.getAll('ticketId'), line.tickets) : [];
    if (ticketIds.length === 0) {
      return data<AfterSaleAnswer>(
        { intent, item, alert: line ? 'Cochez au moins un billet.' : AFTER_SALE_MESSAGES.notRefundable },
        { status: 400 },
      );
    }
    const result = await api.send(endpoint, {
      ...orderParams,
      body: { requestId: String(formData.get('requestId') ?? ''), ticketIds },
    });
    if (result.status === 202) throw redirect(`/account/orders/${orderID}?avis=${notice}`, { status: 303 });
    if ((result.status as number) === 404) notFound(request);
    return data<AfterSaleAnswer>({ intent, item, alert: refusalText(result.body) }, { status: result.status });
  }

  const result = await api.send(cancelAccountOrder, orderParams);
  if (result.status === 200) throw redirect(`/account/orders/${orderID}?annulee=1`, { status: 303 });
  if (result.status === 404) notFound(request);
  return data<AfterSaleAnswer>({ intent: 'cancel', alert: result.body.message }, { status: result.status });
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, justPaid, justCancelled, notice, requestId } = loaderData;
  const answer: AfterSaleAnswer | undefined = actionData;
  const siteHref = useSiteHref();
  const cancelling = useSubmitting();
  const paid = order.status === 'PAID';
  const tickets = order.items.flatMap((item) => item.tickets.map((ticket) => ({ ...ticket, item })));
  const address = order.facturationAddress;
  // Tickets are dated as their PDF and e-mail were, from the payment; an unpaid order from now.
  const now = useNow();
  const datedAt = order.paidAt ?? now;
  const withdrawals = order.items.flatMap((item) => {
    const vouchers = withdrawableVouchers(order, item, now);
    return item.withdrawalUntil && vouchers.length > 0
      ? [{ item: { ...item, withdrawalUntil: item.withdrawalUntil }, vouchers }]
      : [];
  });
  const postponed = order.items.flatMap((item) => {
    const refundable = postponementRefundableTickets(order, item, now);
    const deadline = item.ticketing?.refundRequestsUntil;
    return deadline && refundable.length > 0 ? [{ item, deadline, tickets: refundable }] : [];
  });

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
      {notice ? (
        <div role="status" className="rounded-xl border-l-4 border-green-700 bg-green-50 px-4 py-4 text-green-950">
          <p className="font-semibold">{notice}</p>
        </div>
      ) : null}
      {answer?.intent === 'cancel' && answer.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
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
          <OrderStatusBadge status={order.status} partlyRefunded={partlyRefunded(order)} />
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
              <li
                key={ticket.code}
                className={`flex items-start gap-3 rounded-xl border border-slate-200 p-4 ${ticket.revokedReason ? 'bg-slate-50' : ''}`}
              >
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
                  {ticket.revokedReason ? (
                    <p className="mt-2 inline-block rounded-full bg-sky-50 px-2.5 py-0.5 text-sm font-semibold text-sky-900 ring-1 ring-sky-700/30 ring-inset">
                      Remboursé
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <ResendTickets answer={answer} />
        </section>
      ) : null}

      {withdrawals.length > 0 || postponed.length > 0 ? (
        <section aria-labelledby="apres-achat" className="space-y-4">
          <h2 id="apres-achat" className="text-2xl font-bold text-slate-900">
            Rétractation et remboursement
          </h2>
          {withdrawals.map(({ item, vouchers }) => (
            <WithdrawalForm key={item.id} item={item} vouchers={vouchers} requestId={requestId} answer={answer} />
          ))}
          {postponed.map(({ item, deadline, tickets: offered }) => (
            <PostponementRefundForm
              key={item.id}
              item={item}
              deadline={deadline}
              tickets={offered}
              requestId={requestId}
              answer={answer}
            />
          ))}
        </section>
      ) : null}

      {order.refunds.length > 0 ? <RefundsList orderId={order.id} refunds={order.refunds} /> : null}

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
