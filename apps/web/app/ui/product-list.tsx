import type { ReactNode } from 'react';
import { FEW_LEFT } from './few-left';

/**
 * The frame of the products a page sells (a ticketing's tickets, an offer's vouchers): one row each, `empty`
 * said instead when there is none. The rows are `ProductRow`s.
 */
export function ProductList({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">{children}</ul>
    </div>
  );
}

/**
 * One product: its title, what is said of it (`children`: its price…), « Plus que N … » when `left` is few,
 * and how to order it (`order`: a quantity and « Ajouter au panier », or why not) on the right.
 */
export function ProductRow({
  title,
  headingLevel = 3,
  left,
  leftUnit,
  order,
  children,
}: {
  title: string;
  headingLevel?: 3 | 4;
  /** How many are left, when it is to be said (the sale open, some left); the line shows at FEW_LEFT or fewer. */
  left?: number;
  /** What is left, by one and by several (« place », « places »); nothing for vouchers. */
  leftUnit?: readonly [one: string, several: string];
  order: ReactNode;
  children: ReactNode;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1">
        <Heading className="font-semibold text-slate-900">{title}</Heading>
        {children}
        {left !== undefined && left <= FEW_LEFT ? (
          <p className="text-sm font-semibold text-amber-800">
            Plus que {left}
            {leftUnit ? ` ${left > 1 ? leftUnit[1] : leftUnit[0]}` : ''}
          </p>
        ) : null}
      </div>
      {order}
    </li>
  );
}

/** Why a product cannot be ordered any more (« Complet », « Épuisé »), where its quantity would be. */
export function SoldOut({ children }: { children: string }) {
  return (
    <p className="shrink-0 self-start rounded-full bg-slate-200 px-3 py-1 font-semibold text-slate-800 sm:self-end">
      {children}
    </p>
  );
}
