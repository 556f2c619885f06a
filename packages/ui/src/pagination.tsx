import { AppLink } from './app-link';
import { ArrowLeft, ArrowRight } from './icons';

/**
 * The pages a pager shows: the first, the last, and those around the current one; a gap stands for the
 * pages left out. 1 … 4 5 6 … 12.
 */
export function pageItems(page: number, pageCount: number): (number | 'gap')[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const items: (number | 'gap')[] = [];
  let previous = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    // A gap of one page shows that page rather than an ellipsis.
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

/** Real links to the pages of a list (each page has its own URL), the current one marked aria-current. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** What the navigation is called, e.g. « Pages des résultats ». */
  label: string;
}) {
  if (pageCount <= 1) return null;
  const item = 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 font-semibold';
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <AppLink
              to={hrefFor(page - 1)}
              rel="prev"
              aria-label={`Précédente (page ${page - 1})`}
              className={`${item} no-underline hover:bg-brand-50`}
            >
              <ArrowLeft className="size-5" aria-hidden="true" />
              Précédente
            </AppLink>
          </li>
        ) : null}
        {pageItems(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${index}`} className={`${item} text-slate-700`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <AppLink
                to={hrefFor(entry)}
                aria-current={entry === page ? 'page' : undefined}
                className={`${item} no-underline ${entry === page ? 'bg-brand-800 text-white' : 'hover:bg-brand-50'}`}
              >
                <span className="sr-only">Page {entry}</span>
                <span aria-hidden="true">{entry}</span>
              </AppLink>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <AppLink
              to={hrefFor(page + 1)}
              rel="next"
              aria-label={`Suivante (page ${page + 1})`}
              className={`${item} no-underline hover:bg-brand-50`}
            >
              Suivante
              <ArrowRight className="size-5" aria-hidden="true" />
            </AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
