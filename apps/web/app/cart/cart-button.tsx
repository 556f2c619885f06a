import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { ShoppingCart } from '@guichet/ui/icons';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CART_PATH } from './cart-display';
import { useCartFetcher } from './use-cart-fetcher';

// The modal (Radix Dialog and the cart's lines) and what opening it does (the server cart's update, the
// notifications) are a chunk of their own, fetched when the visitor heads for the button — not on every first
// visit to every page (issue 13, docs/decisions/0052: first-load JavaScript).
const loadCartModal = () => import('./cart-modal');

/** The one fetcher of the header's cart: the modal's lines post through it and show its answers. */
export const CART_FETCHER_KEY = 'cart';
const CartDialog = lazy(() => loadCartModal().then((module) => ({ default: module.CartDialog })));

/**
 * The header's cart button, with the number of items. Without JavaScript it is a link to /cart; with it, it
 * opens the cart modal (cart/cart-modal.tsx, CartDialog), first creating or updating the server cart.
 */
export function CartButton({ count }: { count: number }) {
  const hydrated = useHydrated();
  // Mounted with the button, so that the answers of the cart's changes are told even with the modal closed.
  const fetcher = useCartFetcher(CART_FETCHER_KEY);
  // Each click asks the dialog to open once; mounted from the first on, so that closing keeps the modal's own
  // exit and focus return.
  const [request, setRequest] = useState(0);
  const [opening, setOpening] = useState(false);

  function openModal(event: MouseEvent<HTMLAnchorElement>) {
    if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setRequest((asked) => asked + 1);
  }

  const label = count === 0 ? 'Panier vide' : `Panier, ${count} article${count > 1 ? 's' : ''}`;
  return (
    <>
      <Link
        to={CART_PATH}
        // Rendered alone for a shared copy too (shell/visitor-links.tsx): no route manifest to name.
        discover="none"
        onClick={openModal}
        onPointerEnter={loadCartModal}
        onFocus={loadCartModal}
        aria-label={label}
        aria-haspopup="dialog"
        aria-busy={opening || undefined}
        className="relative inline-flex size-10 sm:size-11 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 hover:bg-brand-50"
      >
        <ShoppingCart className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-800 px-1 text-xs font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </Link>
      {request > 0 ? (
        <Suspense fallback={null}>
          <CartDialog count={count} request={request} onOpening={setOpening} fetcher={fetcher} />
        </Suspense>
      ) : null}
    </>
  );
}
