import type { ContestGameSummary } from '@guichet/contracts';
import { CONTEST_STATE_LABELS } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { formatOrderDate } from '../lib/order-display';
import { VisualImage } from '../ui/visual-image';

const STATE_CLASSES = {
  OPEN: 'bg-green-50 text-green-800 ring-green-700/30',
  UPCOMING: 'bg-amber-50 text-amber-900 ring-amber-700/30',
  CLOSED: 'bg-slate-100 text-slate-700 ring-slate-500/30',
} as const;

/** « Jusqu’au 6 décembre 2026 », « À partir du… », « Terminé le… »: the one date a visitor needs. */
export function contestPeriodText(game: Pick<ContestGameSummary, 'state' | 'startsAt' | 'endsAt'>): string {
  if (game.state === 'UPCOMING') return `Ouverture le ${formatOrderDate(game.startsAt)}`;
  if (game.state === 'OPEN') return `Jusqu’au ${formatOrderDate(game.endsAt)}`;
  return `Terminé le ${formatOrderDate(game.endsAt)}`;
}

export function ContestStateBadge({ state }: { state: ContestGameSummary['state'] }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE_CLASSES[state]}`}>
      {CONTEST_STATE_LABELS[state]}
    </span>
  );
}

/** A game in the list: visual, prize, end date and, once closed, its winners (first name and initial). */
export function ContestCard({ game }: { game: ContestGameSummary }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <VisualImage visual={game.visual} className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <ContestStateBadge state={game.state} />
        <h3 className="text-lg font-semibold text-slate-900">
          <AppLink to={`/jeux-concours/${game.id}`} className="underline-offset-4 hover:underline">
            {game.title}
          </AppLink>
        </h3>
        <p className="text-slate-700">
          <span className="font-semibold">À gagner : </span>
          {game.prize}
        </p>
        <p className="text-sm text-slate-700">{contestPeriodText(game)}</p>
        {game.state === 'CLOSED' && game.winners.length > 0 ? (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">Gagnants : </span>
            {game.winners.map((winner) => winner.name).join(', ')}
          </p>
        ) : null}
      </div>
    </article>
  );
}
