import { redirect } from 'react-router';
import { requireProMe } from '../lib/server/pro-me.server';
import type { Route } from './+types/door-home.route';
import { doorListPath } from './paths';

export const meta: Route.MetaFunction = () => [{ title: 'Contrôle d’accès | Guichet Pro' }];

/**
 * /controle, the installed app's start page: the first organiser the person works for (every role may scan),
 * or a page saying there is none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireProMe(request, context);
  const first = me.organizers[0];
  if (first) throw redirect(doorListPath(first.id));
  return null;
}

export default function DoorHome() {
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">Contrôle d’accès</h1>
      <p className="mt-4 text-lg text-slate-700">
        Vous ne faites partie de l’équipe d’aucun organisateur : il n’y a rien à contrôler. Demandez à un organisateur
        de vous inviter dans son équipe.
      </p>
    </div>
  );
}
