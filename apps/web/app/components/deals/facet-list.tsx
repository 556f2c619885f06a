import type { FacetCount } from '@guichet/contracts';
import { AppLink } from '../ui/app-link';

/**
 * A facet of a search (categories, cities) as links with their counts: each link keeps the other choices of
 * the search (`hrefFor`); the chosen value is marked aria-current, and « Toutes » clears it.
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
  facets: readonly FacetCount[];
  chosen: string | null;
  allLabel: string;
  hrefFor: (value: string | null) => string;
}) {
  const link = (current: boolean) =>
    `flex min-h-11 items-center justify-between gap-3 rounded-lg px-3 no-underline ${
      current ? 'bg-brand-800 font-semibold text-white' : 'text-slate-900 hover:bg-brand-50'
    }`;
  return (
    <nav aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-lg font-bold text-slate-900">
        {title}
      </h3>
      <ul className="space-y-0.5">
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
                <span className={current ? 'text-white' : 'text-slate-700'}>
                  <span className="sr-only"> : </span>
                  {facet.count}
                  <span className="sr-only">{facet.count > 1 ? ' bons plans' : ' bon plan'}</span>
                </span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
