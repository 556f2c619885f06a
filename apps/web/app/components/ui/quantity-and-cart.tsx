import { ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { Button } from './button';

/**
 * A product's quantity, from 1 to `most` (its quota), and « Ajouter au panier »: disabled, described by the
 * page's note (`noteId`), until the cart issue wires it. Tickets and deals alike.
 */
export function QuantityAndCart({
  productTitle,
  most,
  noteId,
}: {
  productTitle: string;
  most: number;
  noteId: string;
}) {
  const selectId = useId();
  return (
    <div className="flex shrink-0 flex-wrap items-end gap-3">
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
          {Array.from({ length: most }, (_, index) => index + 1).map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </select>
      </div>
      <Button disabled aria-describedby={noteId} icon={<ShoppingCart className="size-5" aria-hidden="true" />}>
        Ajouter au panier<span className="sr-only"> : {productTitle}</span>
      </Button>
    </div>
  );
}
