/**
 * /cart (spec section 2): before entry, a cart with items is created on the server (no cartID) or updated
 * (cartID), so the page shows the API's prices and what is left. Lines are grouped by event or deal; each
 * quantity is a select from 1 to the product's quota (works without JavaScript: « Mettre à jour »), each line
 * can be removed. For a logged-in visitor the order step comes below (checkout, issue 11): this route's
 * action creates the order and sends the buyer on to pay.
 */
import { type Cart, type CartLine, getAccount } from '@guichet/contracts';
import { formatPrice, ORDER_HOLD_MINUTES, quantityOptions } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { LogIn, Trash2 } from '@guichet/ui/icons';
import { useNotifications } from '@guichet/ui/notifications';
import { useEffect, useState } from 'react';
import { data, Form, type ShouldRevalidateFunctionArgs, type useFetcher } from 'react-router';
import { buyerName, type CheckoutActionData } from '../checkout/checkout';
import { checkoutAction } from '../checkout/checkout.server';
import { type Buyer, CheckoutForm } from '../checkout/checkout-form';
import { useNow } from '../lib/hooks/use-now';
import { useRootData } from '../lib/hooks/use-root-data';
import { pageMeta } from '../lib/meta';
import { apiFor, tooManyAttempts } from '../lib/server/api.server';
import { getSession } from '../lib/server/session.server';
import type { Route } from './+types/cart.route';
import { syncCart } from './cart.server';
import { readCart, writeCart } from './cart-cookie.server';
import { CART_ACTION_PATH, CART_FAILURE_MESSAGE, CART_PATH, type CartActionData, groupCartLines } from './cart-display';
import {
  CartAdjustments,
  CartFormFields,
  CartFromAccount,
  CartThumbnail,
  CartTotal,
  EMPTY_CART_MESSAGE,
  StartShopping,
  UnitPrice,
  useCartFormProps,
} from './cart-parts';
import { useCartFetcher } from './use-cart-fetcher';

/** The buyer's name and billing address, which prefill the checkout; null when the API could not say. */
async function buyerOf(request: Request, context: Route.LoaderArgs['context']): Promise<Buyer | null> {
  const user = getSession(context).user;
  if (!user) return null;
  const answer = await apiFor(request, context).send(getAccount, { params: { id: user.id } });
  if (answer.status !== 200) return { name: '', facturationAddress: null };
  return { name: buyerName(answer.body), facturationAddress: answer.body.facturationAddress };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [synced, buyer] = await Promise.all([
    syncCart(request, context, await readCart(request)),
    buyerOf(request, context),
  ]);
  const loggedIn = buyer !== null;
  if (!synced.ok) {
    // Refused for too many attempts: the 429 page with the API's delay, as every page load (apiFor).
    if (synced.refusal) tooManyAttempts(synced.refusal);
    return data({ cart: null, failed: true, loggedIn, buyer }, { headers: { 'Cache-Control': 'no-store' } });
  }
  return data(
    { cart: synced.cart, failed: false, loggedIn, buyer },
    { headers: { 'Set-Cookie': await writeCart(synced.cookie), 'Cache-Control': 'no-store' } },
  );
}

/** The checkout form (logged in): creates the order, then on to the payment page. */
export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, context);
}

/**
 * Changes made on this page answer with the cart itself: the loader need not create or update it again.
 * A refused order does reload it: a line sold out or a new price shows in the recap.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Compared by path: in CSE mode the action carries the journey's query (docs/decisions/0044).
  const actionPath = formAction?.split('?')[0];
  if (actionPath === CART_ACTION_PATH) return false;
  if (actionPath === CART_PATH) return true;
  return defaultShouldRevalidate;
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useCartFetcher();
  const { notify } = useNotifications();
  const [cart, setCart] = useState<Cart | null>(loaderData.cart);
  useEffect(() => setCart(loaderData.cart), [loaderData.cart]);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.cart) setCart(fetcher.data.cart);
  }, [fetcher.state, fetcher.data]);
  // The spec's error notification; the alert below says it without JavaScript too.
  useEffect(() => {
    if (loaderData.failed) notify(CART_FAILURE_MESSAGE, 'error');
  }, [loaderData.failed, notify]);

  return (
    <div className="container-page space-y-6 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Mon panier</h1>
      {loaderData.failed ? (
        <FormAlert>
          {CART_FAILURE_MESSAGE}{' '}
          <a href={CART_PATH} className="underline underline-offset-4">
            Réessayer
          </a>
        </FormAlert>
      ) : !cart || cart.cartItems.length === 0 ? (
        <EmptyCart cart={cart} />
      ) : (
        <>
          <FilledCart cart={cart} fetcher={fetcher} loggedIn={loaderData.loggedIn} />
          {loaderData.buyer ? (
            <CheckoutForm cart={cart} buyer={loaderData.buyer} result={actionData as CheckoutActionData | undefined} />
          ) : null}
        </>
      )}
    </div>
  );
}

function EmptyCart({ cart }: { cart: Cart | null }) {
  return (
    <section aria-labelledby="panier-vide" className="space-y-4">
      {cart ? <CartAdjustments adjustments={cart.adjustments} /> : null}
      <h2 id="panier-vide" className="text-2xl font-bold text-slate-900">
        Panier vide
      </h2>
      <p className="text-slate-700">{EMPTY_CART_MESSAGE}</p>
      <StartShopping />
    </section>
  );
}

type CartFetcher = ReturnType<typeof useFetcher<CartActionData>>;

function FilledCart({ cart, fetcher, loggedIn }: { cart: Cart; fetcher: CartFetcher; loggedIn: boolean }) {
  const cartFormProps = useCartFormProps();
  const fromAccount = useRootData()?.cartFromAccount ?? [];
  const busy = fetcher.state !== 'idle';
  const now = useNow();
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr] lg:items-start">
      <div className="space-y-6" aria-busy={busy || undefined}>
        <CartAdjustments adjustments={cart.adjustments} />
        <CartFromAccount cart={cart} productIDs={fromAccount} />
        {groupCartLines(cart, now).map((group, index) => (
          <section
            key={group.key}
            aria-labelledby={`${group.key}-titre`}
            className="rounded-2xl border border-slate-200 bg-white"
          >
            <header className="flex gap-4 border-b border-slate-200 p-4">
              {/* The first group's picture is on screen when the page opens: not lazy. */}
              <CartThumbnail visual={group.thumbnail} size="large" eager={index === 0} />
              <div className="min-w-0 space-y-1">
                <h2 id={`${group.key}-titre`} className="text-lg font-bold text-slate-900">
                  {group.path ? <AppLink to={group.path}>{group.title}</AppLink> : group.title}
                </h2>
                {group.when ? <p className="text-sm text-slate-700">{group.when}</p> : null}
                {group.place ? <p className="text-sm text-slate-700">{group.place}</p> : null}
              </div>
            </header>
            <ul className="divide-y divide-slate-200">
              {group.lines.map((line) => (
                <PageLine key={line.productID} line={line} fetcher={fetcher} busy={busy} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <aside aria-label="Récapitulatif" className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <CartTotal cart={cart} />
        {loggedIn ? (
          <p className="text-sm text-slate-700">
            Vérifiez vos informations et le récapitulatif{' '}
            <a href="#commande" className="font-medium text-brand-700 underline underline-offset-4">
              ci-dessous
            </a>
            , puis commandez : vos places sont ensuite réservées {ORDER_HOLD_MINUTES} minutes, le temps de payer.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Connectez-vous ou créez votre compte pour commander : vous revenez ici ensuite, votre panier est gardé.
            </p>
            <Form {...cartFormProps}>
              <CartFormFields intent="buy" asData={false} />
              <Button
                type="submit"
                variant="action"
                className="w-full"
                icon={<LogIn className="size-5" aria-hidden="true" />}
              >
                Acheter
              </Button>
            </Form>
          </>
        )}
      </aside>
    </div>
  );
}

function PageLine({ line, fetcher, busy }: { line: CartLine; fetcher: CartFetcher; busy: boolean }) {
  const hydrated = useHydrated();
  const cartFormProps = useCartFormProps();
  const { product } = line;
  const selectId = `quantite-${line.productID}`;
  // A quantity the API capped can still be shown: the select offers at least the current one.
  const options = quantityOptions(Math.max(product.quota, line.quantity));
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between" data-testid="cart-line">
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold text-slate-900">{product.title}</h3>
        <UnitPrice product={product} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <fetcher.Form {...cartFormProps} className="flex items-end gap-2">
          <CartFormFields intent="setQuantity" productID={line.productID} redirectTo={CART_PATH} asData={hydrated} />
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              Quantité<span className="sr-only"> : {product.title}</span>
            </label>
            <select
              id={selectId}
              name="quantity"
              defaultValue={line.quantity}
              key={line.quantity}
              disabled={busy}
              onChange={(event) => fetcher.submit(event.currentTarget.form)}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
            >
              {options.map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </div>
          {/* Without JavaScript the select cannot send itself. */}
          {hydrated ? null : (
            <Button type="submit" variant="secondary">
              Mettre à jour<span className="sr-only"> : {product.title}</span>
            </Button>
          )}
        </fetcher.Form>
        <fetcher.Form {...cartFormProps}>
          <CartFormFields intent="remove" productID={line.productID} redirectTo={CART_PATH} asData={hydrated} />
          <Button
            type="submit"
            variant="tertiary"
            disabled={busy}
            icon={<Trash2 className="size-5" aria-hidden="true" />}
          >
            Supprimer<span className="sr-only"> : {product.title}</span>
          </Button>
        </fetcher.Form>
        <p className="ml-auto min-w-24 text-right text-lg font-bold text-slate-900">
          <span className="sr-only">Total de la ligne : </span>
          {formatPrice(line.lineTotal)}
        </p>
      </div>
    </li>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mon panier', robots: 'noindex' }, args);
