import { data, NavLink, Outlet, useRouteLoaderData } from 'react-router';
import { ORGANIZER_SECTIONS, organizerPath } from '../lib/pro-paths';
import { requireProMe } from '../lib/server/pro-me.server';
import type { Route } from './+types/organizer-layout.route';

/**
 * Every page of one organiser: the person must work for it (else the 404 of an organiser that does not exist,
 * as the API answers), with the organiser's navigation and the switch to the person's other organisers.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireProMe(request, context);
  const organizer = me.organizers.find((candidate) => String(candidate.id) === params.organizerId);
  if (!organizer) throw data(null, { status: 404 });
  return { me, organizer };
}

export type OrganizerLayoutData = Awaited<ReturnType<typeof loader>>;

/** The organiser whose pages these are and the signed-in person: for the layout's children. */
export function useOrganizer(): OrganizerLayoutData {
  const found = useRouteLoaderData<OrganizerLayoutData>('organizer/organizer-layout.route');
  if (!found) throw new Error('useOrganizer outside an organiser’s pages');
  return found;
}

export default function OrganizerLayout({ loaderData }: Route.ComponentProps) {
  const { me, organizer } = loaderData;
  const others = me.organizers.filter((candidate) => candidate.id !== organizer.id);
  return (
    <div className="container-page py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold text-slate-900">{organizer.name}</p>
        {others.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-800">Changer d’organisateur</summary>
            <ul className="mt-2 space-y-1">
              {others.map((other) => (
                <li key={other.id}>
                  <NavLink to={organizerPath(other.id)}>{other.name}</NavLink>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <nav aria-label={`Pages de ${organizer.name}`} className="mt-3 border-b border-slate-200">
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium">
          {ORGANIZER_SECTIONS.map(({ section, label }) => (
            <li key={section}>
              <NavLink
                to={organizerPath(organizer.id, section)}
                end={section === ''}
                className={({ isActive }) =>
                  `inline-block border-b-2 pb-2 no-underline ${isActive ? 'border-brand-700 text-slate-900' : 'border-transparent text-slate-700'}`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
