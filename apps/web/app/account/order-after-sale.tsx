/**
 * The order page's after-sale parts (issue 26): tickets e-mailed again, the deal's withdrawal form, the
 * refund request of a postponed event, the refunds made with their credit notes. Plain forms posting to the
 * order page (they work without JavaScript); each carries the `requestId` drawn by the loader, so a form sent
 * twice refunds once.
 */
import type { BuyerRefund, OrderItem, OrderTicket } from '@guichet/contracts';
import { Button } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { FileText, Mail } from '@guichet/ui/icons';
import { Form } from 'react-router';
import { buyerRefundText, creditNotePdfPath, until, WITHDRAWAL_NOTICE } from './after-sale';

/** What the order page's action answers a form: which one, and what it says. */
export type AfterSaleAnswer = { intent: string; item?: number; alert?: string; success?: string };

/** « Renvoyer mes billets par e-mail », and once done « Vos billets ont été renvoyés à … ». */
export function ResendTickets({ answer }: { answer: AfterSaleAnswer | undefined }) {
  const sending = useSubmitting('resend');
  const mine = answer?.intent === 'resend' ? answer : undefined;
  return (
    <div className="space-y-2">
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <Button type="submit" variant="secondary" loading={sending}>
          <Mail className="size-5" aria-hidden="true" />
          Renvoyer mes billets par e-mail
        </Button>
      </Form>
      {mine?.success ? (
        <p role="status" className="font-medium text-green-800">
          {mine.success}
        </p>
      ) : null}
      {mine?.alert ? <FormAlert focus>{mine.alert}</FormAlert> : null}
    </div>
  );
}

/** One box per ticket offered, labelled by its code and holder. */
function TicketBoxes({ tickets, idPrefix }: { tickets: OrderTicket[]; idPrefix: string }) {
  return (
    <>
      {tickets.map((ticket) => (
        <div key={ticket.id} className="flex items-start gap-3">
          <input
            id={`${idPrefix}-${ticket.id}`}
            type="checkbox"
            name="ticketId"
            value={ticket.id}
            defaultChecked={tickets.length === 1}
            className="mt-1 size-5 shrink-0"
          />
          <label htmlFor={`${idPrefix}-${ticket.id}`}>
            <span className="font-mono text-sm">{ticket.code}</span> · au nom de {ticket.holderName}
          </label>
        </div>
      ))}
    </>
  );
}

/** A form of one line choosing some of its tickets: the withdrawal's or the postponement refund's. */
function TicketsRefundForm({
  intent,
  item,
  tickets,
  requestId,
  answer,
  title,
  children,
  submitLabel,
}: {
  intent: 'withdrawal' | 'postponement-refund';
  item: OrderItem;
  tickets: OrderTicket[];
  requestId: string;
  answer: AfterSaleAnswer | undefined;
  title: string;
  children: React.ReactNode;
  submitLabel: string;
}) {
  const sending = useSubmitting(intent);
  const headingId = `${intent}-${item.id}`;
  const alert = answer?.intent === intent && answer.item === item.id ? answer.alert : undefined;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
      {alert ? <FormAlert focus>{alert}</FormAlert> : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="item" value={item.id} />
        <input type="hidden" name="requestId" value={requestId} />
        <fieldset className="space-y-2">
          <legend className="text-sm text-slate-700">
            {tickets.length > 1 ? 'Cochez ceux concernés.' : 'Celui-ci est concerné.'}
          </legend>
          <TicketBoxes tickets={tickets} idPrefix={headingId} />
        </fieldset>
        <Button type="submit" variant="secondary" loading={sending}>
          {submitLabel}
        </Button>
      </Form>
    </section>
  );
}

/** « Exercer mon droit de rétractation » on a deal's unused vouchers, until its deadline. */
export function WithdrawalForm(props: {
  item: OrderItem & { withdrawalUntil: string };
  vouchers: OrderTicket[];
  requestId: string;
  answer: AfterSaleAnswer | undefined;
}) {
  return (
    <TicketsRefundForm
      intent="withdrawal"
      item={props.item}
      tickets={props.vouchers}
      requestId={props.requestId}
      answer={props.answer}
      title={`Droit de rétractation — ${props.item.title}`}
      submitLabel="Exercer mon droit de rétractation"
    >
      <p className="text-slate-700">{WITHDRAWAL_NOTICE}</p>
      <p className="text-slate-700">
        Possible {until(props.item.withdrawalUntil)}, pour les bons non utilisés : ils seront remboursés.
      </p>
    </TicketsRefundForm>
  );
}

/** « Demander le remboursement » of a postponed event's tickets, until the organiser's deadline. */
export function PostponementRefundForm(props: {
  item: OrderItem;
  deadline: string;
  tickets: OrderTicket[];
  requestId: string;
  answer: AfterSaleAnswer | undefined;
}) {
  return (
    <TicketsRefundForm
      intent="postponement-refund"
      item={props.item}
      tickets={props.tickets}
      requestId={props.requestId}
      answer={props.answer}
      title={`Événement reporté — ${props.item.ticketing?.title ?? props.item.title}`}
      submitLabel="Demander le remboursement"
    >
      <p className="text-slate-700">
        L’événement a changé de date ; vos billets restent valables. Si vous ne pouvez pas venir, demandez leur
        remboursement {until(props.deadline)}.
      </p>
    </TicketsRefundForm>
  );
}

/** The order's refunds, each with its credit note once made. */
export function RefundsList({ orderId, refunds }: { orderId: number; refunds: BuyerRefund[] }) {
  return (
    <section aria-labelledby="remboursements" className="space-y-3">
      <h2 id="remboursements" className="text-2xl font-bold text-slate-900">
        Remboursements
      </h2>
      <ul className="space-y-3">
        {refunds.map((refund) => {
          const pdf = creditNotePdfPath(orderId, refund.creditNote);
          return (
            <li key={refund.id} className="space-y-1 rounded-xl border border-slate-200 p-4">
              <p className="font-medium text-slate-900">{buyerRefundText(refund)}</p>
              {pdf ? (
                <a
                  href={pdf}
                  download
                  className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-4"
                >
                  <FileText className="size-4" aria-hidden="true" />
                  Télécharger l’avoir (PDF)
                  <span className="sr-only"> {refund.creditNote}</span>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
