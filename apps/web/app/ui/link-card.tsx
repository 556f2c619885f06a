import type { Visual } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import type { ReactNode } from 'react';
import { VisualImage } from './visual-image';

/**
 * The frame of every card of a list (ticketing, deal, article): thumbnail, category, title, then the card's
 * own lines. The whole card is one link — its title's, stretched over the card — so it is one tab stop and
 * reads as its title; the thumbnail is decorative (the title says what it shows).
 */
export function LinkCard({
  visual,
  priority = false,
  category,
  title,
  to,
  headingLevel,
  preventScrollReset,
  linkData,
  children,
}: {
  visual: Visual | null | undefined;
  /** The first card of a list at the top of its page: its picture is the page's largest, fetched first. */
  priority?: boolean;
  category: string;
  title: string;
  to: string;
  headingLevel: 2 | 3;
  preventScrollReset?: boolean;
  /** `data-*` attributes of the link, by which tests and scripts find a card. */
  linkData: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm card-focus transition-shadow hover:shadow-md">
      <VisualImage visual={visual} priority={priority} className="aspect-[3/2] w-full bg-slate-100 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{category}</p>
        <Heading className="text-lg font-bold leading-snug text-slate-900">
          <AppLink
            to={to}
            {...linkData}
            preventScrollReset={preventScrollReset}
            className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {title}
          </AppLink>
        </Heading>
        {children}
      </div>
    </article>
  );
}
