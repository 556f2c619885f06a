import type { Cart, CartAdjustment, CartProduct, Visual } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { AppLink, useSiteHref } from '@guichet/ui/app-link';
import { buttonClass } from '@guichet/ui/button';
import { ShoppingBag } from '@guichet/ui/icons';
import { PriceTag } from '@guichet/ui/price-tag';
import type { ReactNode } from 'react';
import { VisualImage } from '../ui/visual-image';
import { CART_ACTION_PATH, cartLineLabel } from './cart-display';

/** The empty cart's message and its way out (spec section 2: « Commencer mes achats » goes to /bons-plans). */
export const EMPTY_CART_MESSAGE = 'Votre panier ne contient encore ni billet ni bon plan.';

export function StartShopping({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <AppLink to="/bons-plans" className={buttonClass('primary')} onClick={onNavigate}>
      <ShoppingBag className="size-5" aria-hidden="true" />
      Commencer mes achats
    </AppLink>
  );
}

/**
 * A line's or a group's picture: the whole visual at its own proportions, never cropped — a poster's title
 * is part of it (« Le Malade imaginaire » was cut to « Malade aginaire », issue 22). `size` is its width.
 */
export function CartThumbnail({
  visual,
  size,
  eager = false,
}: {
  visual: Visual | null | undefined;
  size: 'small' | 'large';
  eager?: boolean;
}) {
  return (
    <VisualImage
      visual={visual}
      eager={eager}
      className={`h-auto shrink-0 self-start rounded-lg bg-slate-100 object-contain ${
        size === 'small' ? 'max-h-24 w-24' : 'max-h-28 w-28'
      }`}
    />
  );
}

/** The unit price, its original struck through when discounted. */
export function UnitPrice({ product }: { product: CartProduct }) {
  return <PriceTag price={product.discountedPrice} original={product.price} />;
}

/** « Total : 79,50 € ». */
export function CartTotal({ cart, className = '' }: { cart: Pick<Cart, 'totalAmount'>; className?: string }) {
  return (
    <p className={`flex items-baseline justify-between gap-4 text-lg font-bold text-slate-900 ${className}`}>
      <span>Total</span>
      <span data-testid="cart-total">{formatPrice(cart.totalAmount)}</span>
    </p>
  );
}

/** What the API changed (a quantity lowered to what is left, a line no longer sold), said once. */
export function CartAdjustments({ adjustments }: { adjustments: readonly CartAdjustment[] }) {
  if (adjustments.length === 0) return null;
  return (
    <div role="status" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">Votre panier a changé :</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {adjustments.map((adjustment) => (
          <li key={`${adjustment.productID}-${adjustment.code}`}>{adjustment.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The words (issue 22, point 12), then the list of those lines. */
export const FROM_ACCOUNT_MESSAGE = "Votre panier contient aussi des articles ajoutés lors d'une visite précédente";

/**
 * After a login that added lines from the account's cart (docs/decisions/0045): says so, and which lines —
 * the total rose, and the visitor must see why before buying. `productIDs` from the root loader.
 */
export function CartFromAccount({
  cart,
  productIDs,
}: {
  cart: Pick<Cart, 'cartItems'>;
  productIDs: readonly number[];
}) {
  const lines = cart.cartItems.filter((line) => productIDs.includes(line.productID));
  if (lines.length === 0) return null;
  return (
    <div role="status" className="rounded-lg border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-slate-900">
      <p className="font-semibold">{FROM_ACCOUNT_MESSAGE} :</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm" aria-label="Articles d’une visite précédente">
        {lines.map((line) => (
          <li key={line.productID} data-testid="cart-from-account">
            {cartLineLabel(line.product)} × {line.quantity}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The hidden fields every cart form carries: what to do, on which product, and the answer as data. */
export function CartFormFields({
  intent,
  productID,
  redirectTo,
  asData,
  children,
}: {
  intent: string;
  productID?: number;
  redirectTo?: string;
  /** A fetcher's form (JavaScript): the answer comes back as data. */
  asData: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {productID === undefined ? null : <input type="hidden" name="productID" value={productID} />}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {asData ? <input type="hidden" name="respond" value="data" /> : null}
      {children}
    </>
  );
}

/** Every cart form posts to the cart action, in CSE mode with the journey's parameters (docs/decisions/0044). */
export function useCartFormProps() {
  const siteHref = useSiteHref();
  return { method: 'post', action: siteHref(CART_ACTION_PATH) } as const;
}
