import type { Cart, CartLine } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { AppLink, useSiteHref } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { Minus, Plus, Trash2 } from '@guichet/ui/icons';
import { Modal } from '@guichet/ui/modal';
import { useNotifications } from '@guichet/ui/notifications';
import { useEffect, useState } from 'react';
import { Form, type useFetcher } from 'react-router';
import { useNow } from '../lib/hooks/use-now';
import { useRootData } from '../lib/hooks/use-root-data';
import { CART_ACTION_PATH, type CartActionData, cartLineLabel, cartLineWhen } from './cart-display';
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

type CartFetcher = ReturnType<typeof useFetcher<CartActionData>>;

/**
 * What the header's cart button does (cart/cart-button.tsx), loaded with the modal: each new
 * `request` (a click) opens the cart modal — first creating or updating the server cart (spec section 4), then
 * opening on its answer. A cart the API could not answer shows the spec's error notification and stays closed.
 * `onOpening` tells the button while the cart is on its way; `fetcher` is the button's (CART_FETCHER_KEY), mounted
 * with the header so that the cart's answers are told even before the modal first opens.
 */
export function CartDialog({
  count,
  request,
  onOpening,
  fetcher,
}: {
  count: number;
  request: number;
  onOpening: (opening: boolean) => void;
  fetcher: CartFetcher;
}) {
  const siteHref = useSiteHref();
  const { notifications, remove } = useNotifications();
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  // The last cart the API answered, kept while a change is on its way or has failed.
  const [cart, setCart] = useState<Cart | null>(null);

  useEffect(() => onOpening(opening), [opening, onOpening]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.cart) setCart(fetcher.data.cart);
    if (opening) {
      setOpening(false);
      if (fetcher.data.cart) setOpen(true);
    }
  }, [fetcher.state, fetcher.data, opening]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per click (`request`), with that moment's cart.
  useEffect(() => {
    // « Ajouté au panier » has served once the cart is open: at the bottom of the window, it would cover
    // the modal's total and « Acheter » for the rest of its 5 s.
    for (const shown of notifications) if (shown.state === 'success') remove(shown.id);
    if (count === 0) {
      setCart(null);
      setOpen(true);
      return;
    }
    setOpening(true);
    fetcher.submit({ intent: 'sync', respond: 'data' }, { method: 'post', action: siteHref(CART_ACTION_PATH) });
  }, [request]);

  return <CartModal open={open} onOpenChange={setOpen} cart={count === 0 ? null : cart} fetcher={fetcher} />;
}

/**
 * The cart modal (spec sections 2, 4): each line with its thumbnail, title, date or validity, unit and line
 * prices, − / + and remove; the total; « Acheter », which closes the modal and starts the buying process.
 * Empty, it is « Panier vide » with « Commencer mes achats ». Changes go through `fetcher` (the cart action),
 * whose answer is the cart shown.
 */
export function CartModal({
  open,
  onOpenChange,
  cart,
  fetcher,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart as last answered by the API; null or without lines, the cart is empty. */
  cart: Cart | null;
  fetcher: CartFetcher;
}) {
  const close = () => onOpenChange(false);
  const cartFormProps = useCartFormProps();
  const fromAccount = useRootData()?.cartFromAccount ?? [];
  if (!cart || cart.cartItems.length === 0) {
    return (
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Panier vide"
        description={EMPTY_CART_MESSAGE}
        footer={<StartShopping onNavigate={close} />}
      />
    );
  }
  const busy = fetcher.state !== 'idle';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Mon panier"
      align="start"
      footerPosition="spaced"
      footer={
        <>
          {/* In the footer, which never scrolls away: on a 360 px phone, two lines pushed the total out of
              sight behind it (issue 22). */}
          <CartTotal cart={cart} className="w-full" />
          <AppLink to="/cart" className="self-center font-medium" onClick={close}>
            Voir le panier
          </AppLink>
          {/* A navigation, not a fetcher: the buying process goes to /cart or to the login page. */}
          <Form {...cartFormProps} onSubmit={close}>
            <CartFormFields intent="buy" asData={false} />
            <Button type="submit" variant="action">
              Acheter
            </Button>
          </Form>
        </>
      }
    >
      <div className="space-y-4" aria-busy={busy || undefined}>
        <CartAdjustments adjustments={cart.adjustments} />
        <CartFromAccount cart={cart} productIDs={fromAccount} />
        <ul className="divide-y divide-slate-200">
          {cart.cartItems.map((line) => (
            <ModalLine key={line.productID} line={line} fetcher={fetcher} busy={busy} />
          ))}
        </ul>
      </div>
    </Modal>
  );
}

function ModalLine({ line, fetcher, busy }: { line: CartLine; fetcher: CartFetcher; busy: boolean }) {
  const cartFormProps = useCartFormProps();
  const { product } = line;
  const label = cartLineLabel(product);
  const now = useNow();
  const when = cartLineWhen(product, now);
  const atMost = line.quantity >= product.quota;
  const stepClass =
    'inline-flex size-11 items-center justify-center rounded-full border border-slate-400 text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      <CartThumbnail visual={product.ticketing?.thumbnail ?? product.offer?.thumbnail} size="small" />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <p className="font-semibold text-slate-900">{label}</p>
          {when ? <p className="text-sm text-slate-700">{when}</p> : null}
          <UnitPrice product={product} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <fetcher.Form {...cartFormProps}>
              <CartFormFields intent="decrease" productID={line.productID} asData />
              <button type="submit" className={stepClass} disabled={busy} aria-label={`Retirer un : ${label}`}>
                <Minus className="size-4" aria-hidden="true" />
              </button>
            </fetcher.Form>
            <span className="min-w-8 text-center font-semibold">
              <span className="sr-only">Quantité : </span>
              {line.quantity}
            </span>
            <fetcher.Form {...cartFormProps}>
              <CartFormFields intent="increase" productID={line.productID} asData />
              <button
                type="submit"
                className={stepClass}
                disabled={busy || atMost}
                aria-label={`Ajouter un : ${label}`}
                title={atMost ? `Au plus ${product.quota} pour ce produit` : undefined}
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </fetcher.Form>
            <fetcher.Form {...cartFormProps}>
              <CartFormFields intent="remove" productID={line.productID} asData />
              <button
                type="submit"
                className={`${stepClass} border-transparent text-red-800`}
                disabled={busy}
                aria-label={`Supprimer : ${label}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </fetcher.Form>
          </div>
          <p className="font-bold text-slate-900">
            <span className="sr-only">Total de la ligne : </span>
            {formatPrice(line.lineTotal)}
          </p>
        </div>
      </div>
    </li>
  );
}
