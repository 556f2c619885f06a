import { listDoorScopes, OrganizerParams } from '@guichet/contracts';
import { formatShortEventDate } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { proApiFor } from '../lib/server/api.server';
import { routeParams } from '../lib/server/route-params.server';
import type { Route } from './+types/scopes.route';
import { scanPagePath } from './paths';

export const meta: Route.MetaFunction = () => [{ title: 'Contrôle d’accès | Guichet Pro' }];

/** What the organiser's team may control: its ticketings (the nearest first) and the offers it is partner of. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { scopes } = await proApiFor(request, context).loadData(listDoorScopes, {
    params: routeParams(OrganizerParams, params),
  });
  return { scopes };
}

export default function DoorScopes({ loaderData, params }: Route.ComponentProps) {
  const organizerId = Number(params.organizerId);
  const { scopes } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Contrôle d’accès</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Choisissez l’événement à contrôler. Le téléphone garde la liste des billets : le contrôle continue sans réseau,
        les passages sont envoyés au retour de la connexion.
      </p>
      {scopes.length === 0 ? (
        <p className="mt-6 text-slate-700">Aucune billetterie ni offre à contrôler pour le moment.</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {scopes.map((scope) => (
            <li
              key={`${scope.kind}:${scope.id}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{scope.title}</h2>
                <p className="text-sm text-slate-700">
                  {scope.kind === 'VOUCHER' ? 'Bons de l’offre' : 'Billetterie'}
                  {scope.startsAt ? ` · ${formatShortEventDate(scope.startsAt)}` : ''}
                </p>
                <p className="mt-1 text-sm font-medium text-slate-800">
                  Entrés {scope.admitted.toLocaleString('fr-FR')} / {scope.total.toLocaleString('fr-FR')}
                </p>
              </div>
              {/* A document navigation: the scan page is full screen, outside the organiser's pages. */}
              <a
                href={scanPagePath(organizerId, scope)}
                className={buttonClass()}
                aria-label={`Contrôler : ${scope.title}`}
              >
                Contrôler
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
