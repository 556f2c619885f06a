import { PRO_PATHS } from '@guichet/domain';
import { Link } from 'react-router';
import type { Route } from './+types/signup.route';

export const meta: Route.MetaFunction = () => [{ title: 'Ouvrir une billetterie | Guichet Pro' }];

/** « Ouvrir une billetterie »: the organiser's sign-up (its form comes with the API's pro accounts). */
export default function Signup() {
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">Ouvrir une billetterie</h1>
      <p className="mt-4 text-lg text-slate-700">
        Créez votre compte d’organisateur : votre structure, vos coordonnées et le compte bancaire qui recevra vos
        ventes. L’inscription ouvre bientôt.
      </p>
      <p className="mt-6">
        Déjà inscrit ?{' '}
        <Link to={PRO_PATHS.login} className="underline">
          Se connecter
        </Link>
      </p>
    </div>
  );
}
