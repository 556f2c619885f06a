import type { OfferProduct } from '@guichet/contracts';
import { FEW_LEFT, PriceTag } from '@guichet/ui/price-tag';
import { AddToCart } from '../cart/add-to-cart';
import { DiscountBadge } from './discount-badge';

/**
 * A deal's products: each with its price before the discount struck through, its discounted price, its badge,
 * and — while the deal runs — how many are left when few are, a quantity from 1 to its quota (how many one
 * order can take now, as the API answers it; none: « Épuisé ») and « Ajouter au panier ».
 */
export function OfferProducts({ products, ended }: { products: readonly OfferProduct[]; ended: boolean }) {
  if (products.length === 0) {
    return <p className="text-slate-700">Aucun bon n’est en vente pour le moment.</p>;
  }
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {products.map((product) => (
          <li key={product.productID} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0 space-y-1">
              <h3 className="font-semibold text-slate-900">{product.title}</h3>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <PriceTag price={product.discountedPrice} original={product.price} />
                <DiscountBadge discount={product} />
              </div>
              {!ended && product.quota > 0 && product.remaining <= FEW_LEFT ? (
                <p className="text-sm font-semibold text-amber-800">Plus que {product.remaining}</p>
              ) : null}
            </div>
            {ended ? null : <ProductOrder product={product} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProductOrder({ product }: { product: OfferProduct }) {
  if (product.quota <= 0) {
    return (
      <p className="shrink-0 self-start rounded-full bg-slate-200 px-3 py-1 font-semibold text-slate-800 sm:self-end">
        Épuisé
      </p>
    );
  }
  return (
    <AddToCart productID={product.productID} productType="OFFER" productTitle={product.title} most={product.quota} />
  );
}
