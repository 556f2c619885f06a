/**
 * /payment?order=<session> (minimal layout): the demo provider's hosted payment page (issue 11), as a bank's
 * page would be — the merchant, the order and its amount, how long the places stay held, and the card form.
 * The card goes to the demo provider's endpoint only, and never comes back in the page. Never framed (see
 * lib/framing.ts), never cached.
 */
import {
  cancelPaymentSession,
  confirmChallenge,
  type ErrorAnswer,
  getPaymentSession,
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  type PaymentSession,
  payWithCard,
} from '@guichet/contracts';
import { formatPrice, MASKS } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { formFailure } from '@guichet/ui/form-failure';
import { type FormReply, parseForm, valuesFromFormData } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { Lock, ShieldCheck } from '@guichet/ui/icons';
import { readFormData } from '@guichet/ui/read-form.server';
import { useCallback, useEffect, useRef, useState } from 'react';
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/payment.route';
import { DemoCards } from './demo-cards';
import { HoldCountdown } from './hold-countdown';
import { CANCEL_INTENT, CARD_SECRETS, CHALLENGE_INTENT, EXPIRY_MASK, PAY_INTENT, paymentRules } from './payment';

/** A session is the order's id and its signature: anything longer or stranger names no payment. */
const SESSION = /^[A-Za-z0-9._~-]{1,200}$/;

function sessionOf(request: Request): string {
  const session = new URL(request.url).searchParams.get('order');
  return session && SESSION.test(session) ? session : notFound(request);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = sessionOf(request);
  const payment = await apiFor(request, context).loadData(getPaymentSession, { params: { session } });
  // Already paid (a second tab, the back button): the confirmation.
  if (payment.status === 'PAID') throw redirect(payment.returnPath);
  return { payment };
}

/** After any answer, the order's state is read again: a refusal may mean it was paid or released meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? true : defaultShouldRevalidate;
}

/** A card page holds a card number as typed: never kept by a browser or a cache. */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'no-store');
  return headers;
}

type ActionData = {
  /** The 3-D Secure step to confirm. */
  challenge: string | null;
  reply: FormReply | null;
  alert: string | null;
  /** The order can no longer be paid here (hold over, already paid): the form gives way to a way out. */
  closed: boolean;
};

const answer = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const session = sessionOf(request);
  const api = apiFor(request, context);
  const formData = await readFormData(request);
  const intent = formData.get('intent');

  const outcome = (result: { status: 200; body: PaymentOutcome }) => {
    if (result.body.outcome === 'SUCCEEDED') {
      // The site's confirmation page takes the order's lines out of the device's cart (as after Stripe).
      throw redirect(result.body.returnPath, { status: 303 });
    }
    return answer({ challenge: result.body.challenge, reply: null, alert: null, closed: false });
  };
  const refused = (failure: { status: number; body: ErrorAnswer }) => {
    const { errors, alert } = formFailure(failure.body, Object.keys(paymentRules));
    const values = valuesFromFormData(formData);
    for (const secret of CARD_SECRETS) delete values[secret];
    const closed = failure.body.code === 'ORDER_NOT_PAYABLE';
    return answer({ challenge: null, reply: { errors, values }, alert, closed }, failure.status);
  };

  if (intent === PAY_INTENT) {
    const form = parseForm(formData, paymentRules, { omitValues: CARD_SECRETS });
    if (!form.ok) return answer({ challenge: null, reply: form.reply, alert: null, closed: false }, 400);
    const { cardNumber = '', expiry = '', cvc = '' } = form.values;
    const result = await api.send(payWithCard, { params: { session }, body: { cardNumber, expiry, cvc } });
    return result.status === 200 ? outcome(result) : refused(result);
  }

  if (intent === CHALLENGE_INTENT) {
    const challenge = formData.get('challenge');
    if (typeof challenge !== 'string' || challenge.length > 100) throw data('Formulaire inconnu.', { status: 400 });
    const approve = formData.get('approve') === 'true';
    const result = await api.send(confirmChallenge, { params: { session }, body: { challenge, approve } });
    return result.status === 200 ? outcome(result) : refused(result);
  }

  if (intent === CANCEL_INTENT) {
    // « Annuler et revenir au panier »: the order is cancelled and its places released, then the cart (its
    // lines are still there). A paid order is not cancelled: the refusal is shown in place of the form.
    const result = await api.send(cancelPaymentSession, { params: { session } });
    if (result.status === 200) throw redirect('/cart', { status: 303 });
    if (result.status === 404) notFound(request);
    return answer({ challenge: null, reply: null, alert: result.body.message, closed: true }, result.status);
  }

  throw data('Formulaire inconnu.', { status: 400 });
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { payment } = loaderData;
  const [timeUp, setTimeUp] = useState(false);
  const onExpired = useCallback(() => setTimeUp(true), []);
  const expired = payment.status === 'EXPIRED' || timeUp;
  const payable = payment.status === 'PENDING' && !actionData?.closed;

  return (
    <div className="space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <div className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <Lock className="size-4" aria-hidden="true" />
          Paiement sécurisé
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          Paiement de la commande {payment.reference}
        </h1>
      </div>

      <OrderSummary payment={payment} />

      {actionData?.closed ? (
        <Closed payment={payment} message={actionData.alert} />
      ) : expired || !payable ? (
        <Closed payment={payment} message={null} />
      ) : (
        <>
          {payment.expiresAt ? <HoldCountdown expiresAt={payment.expiresAt} onExpired={onExpired} /> : null}
          {actionData?.challenge ? (
            <ChallengeStep challenge={actionData.challenge} />
          ) : (
            <CardForm payment={payment} result={actionData ?? null} />
          )}
          <DemoCards />
          <CancelForm />
        </>
      )}
    </div>
  );
}

function OrderSummary({ payment }: { payment: PaymentSession }) {
  return (
    <section aria-labelledby="a-payer" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="a-payer" className="sr-only">
        À payer
      </h2>
      <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">Marchand</dt>
        <dd className="text-slate-900">{payment.merchant}</dd>
        <dt className="font-medium">Commande</dt>
        <dd className="font-mono text-slate-900">{payment.reference}</dd>
      </dl>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {payment.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the order's, in their order, never moved.
          <li key={index} className="flex justify-between gap-4 py-2">
            <span className="text-slate-800">
              {line.quantity} × {line.title}
            </span>
            <span className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-baseline justify-between gap-4 text-lg font-bold text-slate-900">
        <span>Montant</span>
        <span data-testid="payment-amount">{formatPrice(payment.totalAmount)}</span>
      </p>
    </section>
  );
}

function CardForm({ payment, result }: { payment: PaymentSession; result: ActionData | null }) {
  const submitting = useSubmitting(PAY_INTENT);
  return (
    <section aria-labelledby="carte" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="carte" className="text-xl font-bold text-slate-900">
        Carte bancaire
      </h2>
      {result?.alert ? (
        <FormAlert focus key={JSON.stringify(result)}>
          {result.alert}
        </FormAlert>
      ) : null}
      <ValidatedForm rules={paymentRules} reply={result?.reply} aria-labelledby="carte" className="grid gap-5">
        <input type="hidden" name="intent" value={PAY_INTENT} />
        <TextField
          name="cardNumber"
          label="Numéro de carte"
          autoComplete="cc-number"
          inputMode="numeric"
          mask={MASKS.card}
          placeholder="1234 5678 9012 3456"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="expiry"
            label="Date d’expiration (MM/AA)"
            autoComplete="cc-exp"
            inputMode="numeric"
            mask={EXPIRY_MASK}
          />
          <TextField name="cvc" label="Cryptogramme (CVC)" autoComplete="cc-csc" inputMode="numeric" />
        </div>
        <div>
          <Button
            type="submit"
            variant="action"
            loading={submitting}
            className="w-full sm:w-auto"
            icon={<Lock className="size-5" aria-hidden="true" />}
          >
            Payer {formatPrice(payment.totalAmount)}
          </Button>
        </div>
      </ValidatedForm>
    </section>
  );
}

function ChallengeStep({ challenge }: { challenge: string }) {
  const submitting = useSubmitting(CHALLENGE_INTENT);
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the button just pressed: the focus follows to the new step.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="verification"
      className="space-y-4 rounded-2xl border border-brand-200 bg-white p-5 sm:p-6"
    >
      <h2
        id="verification"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-slate-900 focus:outline-none"
      >
        <ShieldCheck className="size-6 text-brand-700" aria-hidden="true" />
        Vérification 3-D Secure
      </h2>
      <p className="text-slate-800">Confirmez ce paiement dans l’application de votre banque.</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={CHALLENGE_INTENT} />
        <input type="hidden" name="challenge" value={challenge} />
        <Button type="submit" name="approve" value="true" variant="action" loading={submitting}>
          Confirmer
        </Button>
        <Button type="submit" name="approve" value="false" variant="secondary" disabled={submitting}>
          Refuser
        </Button>
      </Form>
    </section>
  );
}

/** « Annuler et revenir au panier »: a form, so that it cancels the order with or without JavaScript. */
function CancelForm() {
  const submitting = useSubmitting(CANCEL_INTENT);
  return (
    <Form method="post" className="text-sm">
      <input type="hidden" name="intent" value={CANCEL_INTENT} />
      <button
        type="submit"
        disabled={submitting}
        className="cursor-pointer font-medium text-brand-700 underline underline-offset-4 disabled:cursor-wait"
      >
        Annuler et revenir au panier
      </button>
    </Form>
  );
}

/** The order can no longer be paid here: why, and where to go. */
function Closed({ payment, message }: { payment: PaymentSession; message: string | null }) {
  const paid = payment.status === 'PAID';
  const text =
    message ??
    (paid
      ? PAYMENT_MESSAGES.alreadyPaid
      : payment.status === 'CANCELLED'
        ? PAYMENT_MESSAGES.cancelled
        : payment.status === 'REFUNDED'
          ? PAYMENT_MESSAGES.notPayable
          : PAYMENT_MESSAGES.expired);
  return (
    <div className="space-y-4">
      <FormAlert focus={message !== null}>{text}</FormAlert>
      {paid ? (
        <AppLink to={payment.returnPath} className="font-medium text-brand-700 underline underline-offset-4">
          Voir ma commande
        </AppLink>
      ) : (
        <AppLink to={payment.cancelPath} className="font-medium text-brand-700 underline underline-offset-4">
          Revenir au panier
        </AppLink>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Paiement', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
