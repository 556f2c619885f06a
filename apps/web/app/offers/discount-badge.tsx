import { type DiscountLike, formatDiscount } from '@guichet/domain';

/**
 * A discount as a badge: « −20 % » or « −5 € » (domain formatting), read out as « Remise de … ». Nothing
 * without a discount.
 */
export function DiscountBadge({ discount, className = '' }: { discount: DiscountLike | null; className?: string }) {
  const label = discount ? formatDiscount(discount) : null;
  if (!label) return null;
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full bg-rose-700 px-2.5 py-0.5 text-sm font-bold text-white ${className}`.trim()}
    >
      <span className="sr-only">Remise de </span>
      {label}
    </span>
  );
}
