import type { PerformerCard } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { VisualImage } from '../ui/visual-image';
import { performerPath } from './catalogue-paths';

/** « 3 dates à venir », « 1 date à venir », « Pas de date à venir ». */
export function upcomingLabel(count: number): string {
  if (count === 0) return 'Pas de date à venir';
  return count > 1 ? `${count} dates à venir` : '1 date à venir';
}

/** An artist as a card (the list of artists, the site search): the whole card is its name's link. */
export function PerformerTile({ performer }: { performer: PerformerCard }) {
  return (
    <article className="relative flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm card-focus transition-shadow hover:shadow-md">
      <VisualImage visual={performer.visual} className="size-28 rounded-full bg-slate-100 object-cover" />
      <h3 className="text-lg font-bold text-slate-900">
        <AppLink
          to={performerPath(performer)}
          className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
        >
          {performer.name}
        </AppLink>
      </h3>
      <p className="text-sm text-slate-700">{performer.genre}</p>
      <p className="mt-auto text-sm font-semibold text-brand-800">{upcomingLabel(performer.upcomingCount)}</p>
    </article>
  );
}
