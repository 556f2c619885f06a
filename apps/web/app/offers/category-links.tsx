import type { FacetCount } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { Tag } from '@guichet/ui/icons';
import { EMPTY_OFFER_SEARCH, refineHref } from './offer-search';

/** A facet's count, read out « : 4 bons plans ». */
export function OfferCount({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span className={className}>
      <span className="sr-only"> : </span>
      {count}
      <span className="sr-only">{count > 1 ? ' bons plans' : ' bon plan'}</span>
    </span>
  );
}

/** The deals' categories as chips with their counts, each leading to the search of that category. */
export function CategoryLinks({ categories }: { categories: readonly FacetCount[] }) {
  return (
    <ul className="flex flex-wrap gap-3">
      {categories.map((category) => (
        <li key={category.value}>
          <AppLink
            to={refineHref(EMPTY_OFFER_SEARCH, { category: category.value })}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 font-semibold text-slate-900 no-underline hover:border-brand-700 hover:bg-brand-50"
          >
            <Tag className="size-4 text-brand-800" aria-hidden="true" />
            {category.label}
            <OfferCount count={category.count} className="font-normal text-slate-700" />
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
