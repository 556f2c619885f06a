import type { OfferProduct } from '@guichet/contracts';
import { discountedPrice } from '@guichet/domain';
import { AddToCart } from '../cart/add-to-cart';
import { FEW_LEFT, PriceTag } from '../ui/price-tag';
import { DiscountBadge } from './discount-badge';

/** What a product can still sell: none once sold out (or when an order may take none). */
export function isSoldOut(product: Pick<OfferProduct, 'remaining' | 'quota'>): boolean {
  return product.remaining <= 0 || product.quota <= 0;
}

/**
 * A deal's products: each with its price before the discount struck through, its discounted price (domain
 * `discountedPrice`), its badge, and — while the deal runs — how many are left when few are, a quantity
 * from 1 to its quota and « Ajouter au panier ».
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
                <PriceTag price={discountedPrice(product)} original={product.price} />
                <DiscountBadge discount={product} />
              </div>
              {!ended && !isSoldOut(product) && product.remaining <= FEW_LEFT ? (
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
  if (isSoldOut(product)) {
    return (
      <p className="shrink-0 self-start rounded-full bg-slate-200 px-3 py-1 font-semibold text-slate-800 sm:self-end">
        Épuisé
      </p>
    );
  }
  return (
    <AddToCart
      productID={product.productID}
      productType="OFFER"
      productTitle={product.title}
      most={Math.min(product.quota, product.remaining)}
    />
  );
}
