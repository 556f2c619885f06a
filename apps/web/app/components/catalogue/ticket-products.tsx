import type { TicketProduct } from '@guichet/contracts';
import { formatDiscount, formatPrice } from '@guichet/domain';
import { useId } from 'react';
import { QuantityAndCart } from '../ui/quantity-and-cart';

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
 * take, bounded by what is left) and the « Ajouter au panier » button; the cart issue wires the button.
 */
export function TicketProducts({
  products,
  closed = false,
  headingLevel = 3,
  orderable = true,
}: {
  products: TicketProduct[];
  /** The event is cancelled or over: prices only, nothing to choose. */
  closed?: boolean;
  headingLevel?: 3 | 4;
  /** False on embedded pages: prices only, buying happens on the site. */
  orderable?: boolean;
}) {
  const noteId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  if (products.length === 0) {
    return <p className="text-slate-700">Aucun billet n'est en vente pour le moment.</p>;
  }
  const onSale = orderable && !closed && products.some((product) => !product.soldOut && product.quota > 0);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {products.map((product) => (
          <li key={product.productID} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0 space-y-1">
              <Heading className="font-semibold text-slate-900">{product.title}</Heading>
              {product.description ? <p className="text-sm text-slate-700">{product.description}</p> : null}
              <ProductPrice product={product} />
            </div>
            <ProductOrder product={product} closed={closed} orderable={orderable} noteId={noteId} />
          </li>
        ))}
      </ul>
      {onSale ? (
        <p id={noteId} className="text-sm text-slate-700">
          Le panier arrive bientôt : l'achat en ligne de ces billets ouvre très prochainement.
        </p>
      ) : null}
    </div>
  );
}

function ProductOrder({
  product,
  closed,
  orderable,
  noteId,
}: {
  product: TicketProduct;
  closed: boolean;
  orderable: boolean;
  noteId: string;
}) {
  if (closed) return null;
  if (product.soldOut || product.quota <= 0) {
    return (
      <p className="shrink-0 self-start rounded-full bg-slate-200 px-3 py-1 font-semibold text-slate-800 sm:self-end">
        Complet
      </p>
    );
  }
  if (!orderable) return null;
  return <QuantityAndCart productTitle={product.title} most={product.quota} noteId={noteId} />;
}
