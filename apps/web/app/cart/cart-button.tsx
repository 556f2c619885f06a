import type { Cart } from '@guichet/contracts';
import { lazy, type MouseEvent, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { useSiteHref } from '../ui/app-link';
import { ShoppingCart } from '../ui/icons';
import { useNotifications } from '../ui/notifications';
import { CART_ACTION_PATH, CART_PATH } from './cart-display';
import { useCartFetcher } from './use-cart-fetcher';

// The modal (Radix Dialog and the cart's lines) is a chunk of its own, fetched when the visitor heads for the
// button — not on every first visit to every page (issue 13: first-load JavaScript).
const loadCartModal = () => import('./cart-modal');
const CartModal = lazy(() => loadCartModal().then((module) => ({ default: module.CartModal })));

/** The one fetcher of the header's cart: the modal's lines post through it and show its answers. */
export const CART_FETCHER_KEY = 'cart';

/**
 * The header's cart button, with the number of items. Without JavaScript it is a link to /cart; with it, it
 * opens the cart modal — first creating or updating the server cart (spec section 4), then opening on its
 * answer. A cart the API could not answer shows the spec's error notification and stays closed.
 */
export function CartButton({ count }: { count: number }) {
  const fetcher = useCartFetcher(CART_FETCHER_KEY);
  const hydrated = useHydrated();
  const siteHref = useSiteHref();
  const { notifications, remove } = useNotifications();
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  // The last cart the API answered, kept while a change is on its way or has failed.
  const [cart, setCart] = useState<Cart | null>(null);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.cart) setCart(fetcher.data.cart);
    if (opening) {
      setOpening(false);
      if (fetcher.data.cart) setOpen(true);
    }
  }, [fetcher.state, fetcher.data, opening]);

  // Mounted from the first opening on, so that closing keeps the modal's own exit and focus return.
  const [mounted, setMounted] = useState(false);

  function openModal(event: MouseEvent<HTMLAnchorElement>) {
    if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // « Ajouté au panier » has served once the cart is open: at the bottom of the window, it would cover
    // the modal's total and « Acheter » for the rest of its 5 s.
    for (const shown of notifications) if (shown.state === 'success') remove(shown.id);
    setMounted(true);
    if (count === 0) {
      setCart(null);
      setOpen(true);
      return;
    }
    setOpening(true);
    fetcher.submit({ intent: 'sync', respond: 'data' }, { method: 'post', action: siteHref(CART_ACTION_PATH) });
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
      {mounted ? (
        <Suspense fallback={null}>
          <CartModal open={open} onOpenChange={setOpen} cart={count === 0 ? null : cart} fetcher={fetcher} />
        </Suspense>
      ) : null}
    </>
  );
}
