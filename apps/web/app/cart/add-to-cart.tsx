import type { ProductType } from '@guichet/domain';
import { quantityOptions } from '@guichet/domain';
import { useSiteHref } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { ExternalLink, ShoppingCart } from '@guichet/ui/icons';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { CART_ACTION_PATH, CART_PATH } from './cart-display';
import { useCartFetcher } from './use-cart-fetcher';

/**
 * A product's quantity, from 1 to its quota, and « Ajouter au panier » (tickets and deals alike). It is a real
 * form posting to the cart action: without JavaScript the page comes back with a notice; with it, the page
 * stays and a notification says what was added. In an embed (`newTab`) it opens the site in a new tab, where
 * the cart's cookie is the site's own (a cart inside another site's iframe would lose it in Safari).
 */
export function AddToCart({
  productID,
  productType,
  productTitle,
  most,
  newTab = false,
}: {
  productID: number;
  productType: ProductType;
  productTitle: string;
  /** The product's quota: the most one order may take, never more than what is left. */
  most: number;
  newTab?: boolean;
}) {
  const selectId = useId();
  const fetcher = useCartFetcher();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const action = useSiteHref()(CART_ACTION_PATH);
  const fields = (
    <>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productID" value={productID} />
      <input type="hidden" name="productType" value={productType} />
      <input type="hidden" name="redirectTo" value={newTab ? CART_PATH : `${pathname}${search}`} />
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
          Quantité<span className="sr-only"> : {productTitle}</span>
        </label>
        <select
          id={selectId}
          name="quantity"
          defaultValue="1"
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
        >
          {quantityOptions(most).map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </select>
      </div>
    </>
  );
  const formClass = 'flex shrink-0 flex-wrap items-end gap-3';

  if (newTab) {
    return (
      <form method="post" action={action} target="_blank" className={formClass} rel="noopener">
        {fields}
        <Button type="submit" icon={<ShoppingCart className="size-5" aria-hidden="true" />}>
          Ajouter au panier<span className="sr-only"> : {productTitle} (nouvel onglet)</span>
          <ExternalLink className="size-4" aria-hidden="true" />
        </Button>
      </form>
    );
  }
  return (
    <fetcher.Form method="post" action={action} className={formClass}>
      {fields}
      {/* Once the page is live, the answer comes back as data and the page stays. */}
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <Button
        type="submit"
        loading={fetcher.state !== 'idle'}
        icon={<ShoppingCart className="size-5" aria-hidden="true" />}
      >
        Ajouter au panier<span className="sr-only"> : {productTitle}</span>
      </Button>
    </fetcher.Form>
  );
}
