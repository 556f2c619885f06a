import { getOrganizer } from '@guichet/contracts';
import { inCity, organizerEmbedSnippet, ticketingPath } from '@guichet/domain';
import { COPY_MESSAGES, CodeToCopy, type CopyOutcome } from '@guichet/ui/code-to-copy';
import { Code, ExternalLink, MapPin } from '@guichet/ui/icons';
import { useNotifications } from '@guichet/ui/notifications';
import { RichText } from '@guichet/ui/rich-text';
import { useId } from 'react';
import { imageTypeOf } from '../lib/image-type';
import { pageMeta } from '../lib/meta';
import { requireNumericId } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import { VisualImage } from '../ui/visual-image';
import type { Route } from './+types/organizer.route';
import { TicketingGrid } from './ticketing-card';

export async function loader({ params, request }: Route.LoaderArgs) {
  const entityID = requireNumericId(params.entityID, request);
  const organizer = await apiFor(request).loadData(getOrganizer, { params: { entityID } });
  return { organizer, snippet: organizerEmbedSnippet(serverEnv.SITE_URL, organizer) };
}

/** A website address as people read it: « rhone-live.example ». */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

export default function Organizer({ loaderData }: Route.ComponentProps) {
  const { organizer, snippet } = loaderData;
  const website = organizer.website && /^https?:\/\//i.test(organizer.website) ? organizer.website : null;

  return (
    <div className="container-page space-y-12 py-8 sm:py-12">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <VisualImage
          visual={organizer.logo}
          described
          className="size-32 shrink-0 rounded-2xl border border-slate-200 bg-slate-100 object-cover"
          eager
        />
        <div className="space-y-4">
          <div className="space-y-2">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">Organisateur</p>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{organizer.name}</h1>
            <p className="flex items-center gap-2 text-slate-700">
              <MapPin className="size-5" aria-hidden="true" />
              {organizer.city}
            </p>
          </div>
          {organizer.description ? <RichText doc={organizer.description} /> : null}
          {website ? (
            <p>
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 font-semibold"
              >
                Site de l'organisateur : {displayUrl(website)}
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </p>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="organisateur-a-venir" className="space-y-5">
        <h2 id="organisateur-a-venir" className="text-2xl font-bold tracking-tight text-slate-900">
          Prochains événements
        </h2>
        {organizer.upcoming.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">Aucun événement à venir pour le moment.</p>
        ) : (
          <TicketingGrid ticketings={organizer.upcoming} linkFor={ticketingPath} />
        )}
      </section>

      {organizer.past.length > 0 ? (
        <section aria-labelledby="organisateur-passes" className="space-y-5">
          <h2 id="organisateur-passes" className="text-2xl font-bold tracking-tight text-slate-900">
            Événements passés
          </h2>
          <TicketingGrid ticketings={organizer.past} linkFor={ticketingPath} />
        </section>
      ) : null}

      <EmbedBlock snippet={snippet} />
    </div>
  );
}

/** « Intégrer sur votre site »: the snippet to paste, and a button copying it (with JavaScript). */
function EmbedBlock({ snippet }: { snippet: string }) {
  const helpId = useId();
  const { notify } = useNotifications();
  const copied = (outcome: CopyOutcome) =>
    outcome === 'copied'
      ? notify('Le code d’intégration est copié.', 'success')
      : notify(COPY_MESSAGES.selected, 'error');

  return (
    <section aria-labelledby="organisateur-integrer" className="space-y-4 rounded-2xl bg-slate-50 p-5 sm:p-6">
      <h2
        id="organisateur-integrer"
        className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900"
      >
        <Code className="size-6" aria-hidden="true" />
        Intégrer sur votre site
      </h2>
      <p id={helpId} className="max-w-3xl text-slate-700">
        Affichez vos prochains événements sur votre propre site : copiez ce code et collez-le dans votre page. La liste
        se met à jour toute seule, et la réservation s'ouvre sur Guichet dans un nouvel onglet.
      </p>
      <CodeToCopy label="Code d'intégration" code={snippet} describedBy={helpId} onCopy={copied} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    loaderData
      ? {
          title: `${loaderData.organizer.name}, organisateur ${inCity(loaderData.organizer.city)}`,
          description: `Les prochains événements de ${loaderData.organizer.name} (${loaderData.organizer.city}) : concerts, spectacles et festivals, dates et billets.`,
          ...(loaderData.organizer.logo
            ? {
                image: {
                  url: loaderData.organizer.logo.url,
                  alt: loaderData.organizer.logo.alt,
                  width: loaderData.organizer.logo.width,
                  height: loaderData.organizer.logo.height,
                  type: imageTypeOf(loaderData.organizer.logo.url),
                },
              }
            : {}),
        }
      : { title: 'Organisateur' },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
