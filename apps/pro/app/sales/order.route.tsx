import { type ErrorAnswer, getProOrder, refundProOrder, SalesOrderParams } from '@guichet/contracts';
import { formatPrice, formatShortEventDate, formatVatRate, type VatRate } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { useEffect, useRef } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import { ordersPath, ticketingSalesPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { routeParams } from '../lib/server/route-params.server';
import { useOrganizer } from '../organizer/organizer-layout.route';
import type { Route } from './+types/order.route';
import {
  creditNotePath,
  orderStatusLabel,
  type RefundSelection,
  refundableTickets,
  refundQuestion,
  refundReasonLabel,
  refundSelection,
  refundText,
  ticketStateText,
} from './refunds';

/**
 * One order as this organiser sees it: the buyer, its own lines (never another organiser's) and their tickets,
 * the refunds made, and a form refunding some of its tickets. The `requestId` is drawn here, once per page
 * shown: the same form sent twice (a double click, a resent post) refunds once.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const order = await proApiFor(request, context).loadData(getProOrder, {
    params: routeParams(SalesOrderParams, params),
  });
  const notice = new URL(request.url).searchParams.get('avis') === 'rembourse' ? REFUND_ASKED : null;
  return { order, requestId: crypto.randomUUID(), notice };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Commande ${loaderData?.order.reference ?? ''} | Guichet Pro` },
];

const REFUND_ASKED =
  'Remboursement demandé : les billets ne font plus entrer et leurs places sont remises en vente. L’acheteur recevra son avoir par e-mail dès que le remboursement sera fait.';

/** What a refusal of the API is called here, by its code; its own message (which tickets, why) follows. */
const REFUSALS: Readonly<Partial<Record<ErrorAnswer['code'], string>>> = {
  REFUND_REFUSED: 'Remboursement refusé.',
  SERVICE_UNAVAILABLE: 'Le remboursement n’a pas pu être demandé.',
  RATE_LIMITED: 'Trop de demandes.',
};

type ActionAnswer = {
  /** The question asked before refunding, with what the boxes came to. */
  confirm?: RefundSelection & { requestId: string };
  alert?: { title: string; message: string };
};

/**
 * Two steps, both posts to this page: `review` turns the ticked boxes into the question (« Rembourser 2 billets
 * pour 45,00 € ? »), `refund` asks the API for the refund. Every refusal is data shown above the form.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const orderParams = routeParams(SalesOrderParams, params);
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const api = proApiFor(request, context);
  const requestId = String(formData.get('requestId') ?? '');

  if (intent === 'review') {
    const order = await api.loadData(getProOrder, { params: orderParams });
    const selection = refundSelection(order, formData.getAll('ticketId'));
    if (!selection) {
      return data<ActionAnswer>(
        { alert: { title: 'Aucun billet choisi.', message: 'Cochez les billets à rembourser.' } },
        { status: 400 },
      );
    }
    return data<ActionAnswer>({ confirm: { ...selection, requestId } });
  }
  if (intent === 'refund') {
    const ticketIds = formData.getAll('ticketId').map(Number);
    const answer = await api.send(refundProOrder, { params: orderParams, body: { requestId, ticketIds } });
    if (answer.status === 202)
      throw redirect(`${ordersPath(orderParams.organizerId, String(orderParams.orderId))}?avis=rembourse`);
    if (answer.status === 401 || answer.status === 404) throw data(answer.body, { status: answer.status });
    const failure = answer.body as ErrorAnswer;
    return data<ActionAnswer>(
      { alert: { title: REFUSALS[failure.code] ?? 'Remboursement impossible.', message: failure.message } },
      { status: answer.status },
    );
  }
  return data<ActionAnswer>({ alert: { title: 'Demande inconnue.', message: 'Rechargez la page.' } }, { status: 400 });
}

/**
 * « Rembourser 2 billets pour 45 € ? »: shown in place of the boxes, focused as it appears (keyboard and
 * screen-reader users land on the question, as after any submission), with the refund's own form.
 */
function RefundConfirmation({
  confirm,
  cancelTo,
  busy,
}: {
  confirm: NonNullable<ActionAnswer['confirm']>;
  cancelTo: string;
  busy: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="alertdialog"
      aria-labelledby="refund-question"
      aria-describedby="refund-effects"
      tabIndex={-1}
      className="space-y-3"
    >
      <p id="refund-question" className="font-semibold">
        {refundQuestion(confirm)}
      </p>
      <p id="refund-effects" className="text-sm text-slate-700">
        Les billets ne feront plus entrer, leurs places seront remises en vente et l’acheteur remboursé par le moyen de
        paiement utilisé, avec un avoir.
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestId" value={confirm.requestId} />
          {confirm.ticketIds.map((id) => (
            <input key={id} type="hidden" name="ticketId" value={id} />
          ))}
          <Button type="submit" loading={busy}>
            Confirmer le remboursement
          </Button>
        </Form>
        <Link to={cancelTo} className={buttonClass('secondary')}>
          Ne rien rembourser
        </Link>
      </div>
    </div>
  );
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const { order, requestId, notice } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const refundable = refundableTickets(order);
  const refunding = useSubmitting('refund');
  const reviewing = useSubmitting('review');
  const here = ordersPath(organizer.id, String(order.id));
  return (
    <div className="space-y-6">
      <p>
        <Link to={ordersPath(organizer.id)}>← Toutes les commandes</Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Commande {order.reference}</h1>
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      {answer?.alert ? (
        <FormAlert focus>
          <p className="font-semibold">{answer.alert.title}</p>
          <p>{answer.alert.message}</p>
        </FormAlert>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-700">Acheteur</dt>
          <dd>
            {order.buyer.firstname} {order.buyer.lastname}
            <span className="block break-all">{order.buyer.email}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">Payée le</dt>
          <dd>
            {formatShortEventDate(order.paidAt)} · {orderStatusLabel(order)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">Montant TTC (vos lignes)</dt>
          <dd className="font-semibold">{formatPrice(order.amount)}</dd>
        </div>
      </dl>
      {order.lines.map((line) => (
        <section
          key={line.id}
          aria-labelledby={`ligne-${line.id}`}
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id={`ligne-${line.id}`} className="text-lg font-semibold">
            {line.quantity} × {line.title}
          </h2>
          <p className="text-slate-700">
            <Link to={ticketingSalesPath(organizer.id, line.ticketing.id, 'ventes')} className="underline">
              {line.ticketing.title}
            </Link>{' '}
            · {formatPrice(line.unitPrice)} l’unité · {formatPrice(line.lineTotal)} TTC dont TVA{' '}
            {formatVatRate(line.vatRate as VatRate)}
          </p>
          {line.tickets.length > 0 ? (
            <ul className="divide-y divide-slate-200">
              {line.tickets.map((ticket) => (
                <li key={ticket.code} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>{ticket.holderName}</span>
                  <span className="font-mono text-sm">{ticket.code}</span>
                  <span
                    className={ticket.revokedReason ? 'text-sm font-semibold text-red-800' : 'text-sm text-slate-700'}
                  >
                    {ticketStateText(ticket)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}

      {order.refunds.length > 0 ? (
        <section aria-labelledby="remboursements" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="remboursements" className="text-lg font-semibold">
            Remboursements
          </h2>
          <ul className="divide-y divide-slate-200">
            {order.refunds.map((refund) => {
              const pdf = refund.creditNote ? creditNotePath(organizer.id, order.id, refund.creditNote) : null;
              return (
                <li key={refund.id} className="space-y-1 py-2">
                  <p className="font-medium">{refundText(refund)}</p>
                  <p className="text-sm text-slate-700">
                    {refundReasonLabel(refund.reason)} · billets {refund.ticketCodes.join(', ')}
                  </p>
                  {pdf ? (
                    <a href={pdf} download className="text-sm font-semibold underline">
                      Télécharger l’avoir (PDF)
                      <span className="sr-only"> {refund.creditNote}</span>
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {refundable.length > 0 ? (
        <section aria-labelledby="rembourser" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="rembourser" className="text-lg font-semibold">
            Rembourser des billets
          </h2>
          {answer?.confirm ? (
            <RefundConfirmation confirm={answer.confirm} cancelTo={here} busy={refunding} />
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="requestId" value={requestId} />
              <fieldset className="space-y-2">
                <legend className="text-sm text-slate-700">Cochez les billets à rembourser.</legend>
                {refundable.map((ticket) => (
                  <div key={ticket.id} className="flex items-start gap-3">
                    <input
                      id={`billet-${ticket.id}`}
                      type="checkbox"
                      name="ticketId"
                      value={ticket.id}
                      className="mt-1 size-5 shrink-0"
                    />
                    <label htmlFor={`billet-${ticket.id}`}>
                      <span className="font-mono text-sm">{ticket.code}</span> · {ticket.holderName} · {ticket.product}{' '}
                      ({formatPrice(ticket.unitPrice)}){ticket.scannedAt ? ` · ${ticketStateText(ticket)}` : ''}
                    </label>
                  </div>
                ))}
              </fieldset>
              <Button type="submit" variant="secondary" loading={reviewing}>
                Rembourser la sélection
              </Button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
