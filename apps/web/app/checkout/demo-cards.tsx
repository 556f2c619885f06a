import { DEMO_TEST_CARDS } from '@guichet/contracts';
import { FlaskConical } from '@guichet/ui/icons';

const CARDS = [
  { number: DEMO_TEST_CARDS.succeeds, outcome: 'paiement accepté' },
  { number: DEMO_TEST_CARDS.declined, outcome: 'paiement refusé par la banque' },
  { number: DEMO_TEST_CARDS.threeDSecure, outcome: 'confirmation 3-D Secure demandée' },
] as const;

/** The demo provider takes no real card: the test cards, said plainly. */
export function DemoCards() {
  return (
    <aside
      aria-labelledby="mode-demo"
      className="rounded-xl border border-dashed border-slate-400 bg-white p-4 text-sm"
    >
      <h2 id="mode-demo" className="flex items-center gap-2 font-bold text-slate-900">
        <FlaskConical className="size-4" aria-hidden="true" />
        Mode démonstration
      </h2>
      <p className="mt-1 text-slate-700">
        Aucun paiement réel n’est effectué. Utilisez une de ces cartes, une date d’expiration à venir et un cryptogramme
        de 3 chiffres :
      </p>
      <ul className="mt-2 space-y-1">
        {CARDS.map((card) => (
          <li key={card.number} className="text-slate-800">
            <span className="font-mono font-semibold whitespace-nowrap">{card.number}</span> : {card.outcome}
          </li>
        ))}
      </ul>
    </aside>
  );
}
