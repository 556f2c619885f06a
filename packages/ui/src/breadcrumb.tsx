import { AppLink } from './app-link';
import { ChevronRight } from './icons';

export type Crumb = { label: string; to?: string };

/** « Billetteries › France › 2027 › mars »: the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Fil d'Ariane" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-slate-700">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to ?? crumb.label} className="inline-flex items-center gap-1">
              {crumb.to && !last ? (
                <AppLink to={crumb.to} className="font-medium">
                  {crumb.label}
                </AppLink>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="font-medium text-slate-900">
                  {crumb.label}
                </span>
              )}
              {last ? null : <ChevronRight className="size-4 text-slate-500" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
