import { PRO_PATHS } from '@guichet/domain';
import { Link } from 'react-router';
import { getProSession } from '../lib/server/session.server';
import type { Route } from './+types/home.route';

export const meta: Route.MetaFunction = () => [{ title: 'Tableau de bord | Guichet Pro' }];

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: getProSession(context).signedIn };
}

/** The organiser's dashboard: its shell for now (the sales, ticketings and team sections come next). */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">Tableau de bord</h1>
      {loaderData.signedIn ? (
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          Vos billetteries, vos ventes et votre équipe s’afficheront ici.
        </p>
      ) : (
        <>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Ouvrez une billetterie, fixez vos tarifs et vos quotas, suivez vos ventes : Guichet Pro est l’espace des
            organisateurs.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to={PRO_PATHS.signup} className="btn btn-primary">
              Ouvrir une billetterie
            </Link>
            <Link to={PRO_PATHS.login} className="btn border-2 border-brand-700 bg-white text-brand-800">
              Se connecter
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
