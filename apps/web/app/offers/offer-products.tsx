import type { OfferProduct } from '@guichet/contracts';
import { AddToCart } from '../cart/add-to-cart';
import { PriceTag } from '../ui/price-tag';
import { ProductList, ProductRow, SoldOut } from '../ui/product-list';
import { DiscountBadge } from './discount-badge';

/**
 * A deal's products: each with its price before the discount struck through, its discounted price, its badge,
 * and — while the deal runs — how many are left when few are, a quantity from 1 to its quota (how many one
 * order can take now, as the API answers it; none: « Épuisé ») and « Ajouter au panier ».
 */
export function OfferProducts({ products, ended }: { products: readonly OfferProduct[]; ended: boolean }) {
  return (
    <ProductList empty="Aucun bon n’est en vente pour le moment.">
      {products.map((product) => (
        <ProductRow
          key={product.productID}
          title={product.title}
          left={ended || product.quota <= 0 ? undefined : product.remaining}
          order={ended ? null : <ProductOrder product={product} />}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <PriceTag price={product.discountedPrice} original={product.price} />
            <DiscountBadge discount={product} />
          </div>
        </ProductRow>
      ))}
    </ProductList>
  );
}

function ProductOrder({ product }: { product: OfferProduct }) {
  if (product.quota <= 0) return <SoldOut>Épuisé</SoldOut>;
  return (
    <AddToCart productID={product.productID} productType="OFFER" productTitle={product.title} most={product.quota} />
  );
}
