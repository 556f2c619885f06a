import { formatPrice } from '@guichet/domain';

export { FEW_LEFT } from './few-left';

/**
 * What a deal costs: the price before the discount struck through (read out as « Prix initial »), then the
 * discounted price. Without a discount, the price alone.
 */
export function PriceTag({
  price,
  original,
  size = 'md',
  prefix,
}: {
  /** Cents: the discounted price. */
  price: number;
  /** Cents: the price before the discount, struck through when it is higher. */
  original?: number | null;
  size?: 'md' | 'lg';
  /** « Dès » on a card that shows its lowest price. */
  prefix?: string;
}) {
  const discounted = original !== null && original !== undefined && original > price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {discounted ? (
        <s className="text-slate-700">
          <span className="sr-only">Prix initial : </span>
          {formatPrice(original)}
        </s>
      ) : null}
      {discounted ? ' ' : null}
      <span className={`font-bold text-slate-900 ${size === 'lg' ? 'text-2xl' : 'text-xl'}`}>
        {discounted ? <span className="sr-only">Prix remisé : </span> : null}
        {prefix ? `${prefix} ` : null}
        {formatPrice(price)}
      </span>
    </p>
  );
}
