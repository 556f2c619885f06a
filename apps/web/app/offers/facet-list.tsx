import type { SearchFacet } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { OfferCount } from './category-links';

/**
 * A facet of a search (categories, cities) as links with their counts (none when the search has more results
 * than it counts): each link keeps the other choices of the search (`hrefFor`); the chosen value is marked
 * aria-current, and « Toutes » clears it.
 */
export function FacetList({
  title,
  id,
  facets,
  chosen,
  allLabel,
  hrefFor,
}: {
  title: string;
  /** The heading's id. */
  id: string;
  facets: readonly SearchFacet[];
  chosen: string | null;
  allLabel: string;
  hrefFor: (value: string | null) => string;
}) {
  // Chips side by side on a phone (the results are not pushed far down), a column beside them on a wide screen.
  const link = (current: boolean) =>
    `flex min-h-11 items-center justify-between gap-3 rounded-full border px-4 no-underline lg:rounded-lg lg:border-0 lg:px-3 ${
      current
        ? 'border-brand-800 bg-brand-800 font-semibold text-white'
        : 'border-slate-300 text-slate-900 hover:bg-brand-50'
    }`;
  return (
    <nav aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-lg font-bold text-slate-900">
        {title}
      </h3>
      <ul className="flex flex-wrap gap-2 lg:block lg:space-y-0.5">
        <li>
          <AppLink
            to={hrefFor(null)}
            aria-current={chosen === null ? 'true' : undefined}
            className={link(chosen === null)}
          >
            {allLabel}
          </AppLink>
        </li>
        {facets.map((facet) => {
          const current = facet.value === chosen;
          return (
            <li key={facet.value}>
              <AppLink to={hrefFor(facet.value)} aria-current={current ? 'true' : undefined} className={link(current)}>
                <span>{facet.label}</span>
                {facet.count === null ? null : (
                  <OfferCount count={facet.count} className={current ? 'text-white' : 'text-slate-700'} />
                )}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
