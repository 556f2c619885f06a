import { formatPrice } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { buttonClass } from '@guichet/ui/button';
import { RichText } from '@guichet/ui/rich-text';
import { formatOrderDateTime } from '../lib/order-display';
import { VisualImage } from '../ui/visual-image';
import type { Route } from './+types/contest-overview.route';
import { useContestGame } from './contest-game.route';
import { contestMeta } from './contest-meta';

export default function ContestGameOverview() {
  const game = useContestGame();
  return (
    <div className="space-y-8 px-4 py-6 sm:px-6">
      <h1 className="sr-only">{game.title}</h1>
      <VisualImage visual={game.visual} described priority className="w-full max-w-3xl rounded-xl" />
      <RichText doc={game.description} />
      <section aria-labelledby="lots" className="space-y-3">
        <h2 id="lots" className="text-xl font-semibold text-slate-900">
          Les lots
        </h2>
        <ol className="list-decimal space-y-1 pl-6 text-slate-800">
          {game.prizes.map((prize) => (
            <li key={prize.label}>
              {prize.label} — valeur {formatPrice(prize.valueCents)}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="dates" className="space-y-2">
        <h2 id="dates" className="text-xl font-semibold text-slate-900">
          Dates
        </h2>
        <p className="text-slate-800">
          Du {formatOrderDateTime(game.startsAt)} au {formatOrderDateTime(game.endsAt)}.
        </p>
      </section>
      {game.state === 'OPEN' ? (
        <AppLink to={`/jeux-concours/${game.id}/participate`} className={buttonClass('primary')}>
          Participer
        </AppLink>
      ) : null}
      {game.rules ? (
        <section aria-labelledby="reglement" className="space-y-3">
          <h2 id="reglement" className="text-xl font-semibold text-slate-900">
            Règlement
          </h2>
          <RichText doc={game.rules} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  contestMeta(null, { description: 'Les lots à gagner, les règles et les dates de ce jeu-concours.' }, args);
