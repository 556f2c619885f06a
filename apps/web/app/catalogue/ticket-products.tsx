import type { TicketProduct } from '@guichet/contracts';
import { formatDiscount, formatPrice } from '@guichet/domain';
import { FEW_LEFT } from '@guichet/ui/few-left';
import { AddToCart } from '../cart/add-to-cart';

function priceText(cents: number): string {
  return cents === 0 ? 'Gratuit' : formatPrice(cents);
}

/** What a ticket costs: the discounted price beside the original one struck through, and the discount. */
export function ProductPrice({ product }: { product: TicketProduct }) {
  const discount = formatDiscount(product);
  if (product.discountedPrice >= product.price || !discount) {
    return <p className="text-xl font-bold text-slate-900">{priceText(product.price)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <del className="text-slate-700">
        <span className="sr-only">Prix initial : </span>
        {priceText(product.price)}
      </del>
      <span className="text-xl font-bold text-slate-900">
        <span className="sr-only">Prix remisé : </span>
        {priceText(product.discountedPrice)}
      </span>
      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900">
        <span className="sr-only">Remise de </span>
        {discount}
      </span>
    </p>
  );
}

/**
 * The tickets of a ticketing with their prices, each with a quantity from 1 to its quota (what one order may
 * take, bounded by what is left) and « Ajouter au panier ».
 */
export function TicketProducts({
  products,
  closed = false,
  headingLevel = 3,
  newTab = false,
}: {
  products: TicketProduct[];
  /** Nothing can be bought now (cancelled, over, or its sale not open yet): prices only, nothing to choose. */
  closed?: boolean;
  headingLevel?: 3 | 4;
  /** On embedded pages: adding to the cart opens the site in a new tab. */
  newTab?: boolean;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  if (products.length === 0) {
    return <p className="text-slate-700">Aucun billet n'est en vente pour le moment.</p>;
  }
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {products.map((product) => (
          <li key={product.productID} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0 space-y-1">
              <Heading className="font-semibold text-slate-900">{product.title}</Heading>
              {product.description ? <p className="text-sm text-slate-700">{product.description}</p> : null}
              <ProductPrice product={product} />
              {!closed && !product.soldOut && product.remaining <= FEW_LEFT ? (
                <p className="text-sm font-semibold text-amber-800">
                  Plus que {product.remaining} place{product.remaining > 1 ? 's' : ''}
                </p>
              ) : null}
            </div>
            <ProductOrder product={product} closed={closed} newTab={newTab} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProductOrder({ product, closed, newTab }: { product: TicketProduct; closed: boolean; newTab: boolean }) {
  if (closed) return null;
  if (product.quota <= 0) {
    return (
      <p className="shrink-0 self-start rounded-full bg-slate-200 px-3 py-1 font-semibold text-slate-800 sm:self-end">
        Complet
      </p>
    );
  }
  return (
    <AddToCart
      productID={product.productID}
      productType="TICKET"
      productTitle={product.title}
      most={product.quota}
      newTab={newTab}
    />
  );
}
