import { Link } from 'react-router';
import { organizerPath } from '../lib/pro-paths';

/**
 * An empty dashboard says what to do first (issue 25): the three steps from nothing to tickets on sale. The
 * dashboard shows it while the organiser has no ticketing; only the first step is a link yet, the others
 * happen on the ticketing's own pages.
 */
export function FirstSteps({ organizerId }: { organizerId: number }) {
  return (
    <section aria-labelledby="premiers-pas" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="premiers-pas" className="text-xl font-semibold">
        Premiers pas
      </h2>
      <p className="mt-2 text-slate-700">Vos ventes s’afficheront ici dès votre première billetterie en ligne.</p>
      <ol className="mt-4 grid list-decimal gap-3 pl-6 text-slate-800">
        <li>
          <Link to={organizerPath(organizerId, 'billetteries/nouvelle')} className="font-semibold underline">
            Créez votre première billetterie
          </Link>{' '}
          : son titre, sa date, son lieu, sa description et ses visuels.
        </li>
        <li>
          <span className="font-semibold">Ajoutez vos tarifs</span> : prix, quantités en vente et nombre maximum par
          commande.
        </li>
        <li>
          <span className="font-semibold">Publiez</span> : la billetterie apparaît aussitôt sur Guichet et les ventes
          commencent.
        </li>
      </ol>
    </section>
  );
}
