import type { ReactNode } from 'react';

/** One fact of a page's `<dl>` (date, place, partner, validity): an icon and a term above its value. */
export function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-700">
        <span className="text-brand-800">{icon}</span>
        {term}
      </dt>
      <dd className="mt-1 pl-7 text-slate-900">{children}</dd>
    </div>
  );
}
