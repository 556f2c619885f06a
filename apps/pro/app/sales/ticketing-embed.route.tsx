import { getProTicketing, PRO_PREVIEW_SOURCE, SalesTicketingParams } from '@guichet/contracts';
import { organizerEmbedPath, organizerEmbedSnippet, ticketingEmbedPath, ticketingEmbedSnippet } from '@guichet/domain';
import { CodeToCopy } from '@guichet/ui/code-to-copy';
import { Link } from 'react-router';
import { ticketingSalesPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import { routeParams } from '../lib/server/route-params.server';
import { useOrganizer } from '../organizer/organizer-layout.route';
import type { Route } from './+types/ticketing-embed.route';

/**
 * « Intégrer sur votre site »: the embed code of the ticketing and of the organiser's page (an iframe of the
 * public site's embed page and its resize script), to copy, each with a live preview — an iframe of the same
 * public page (the pro pages' CSP allows framing the public site, whose embed pages may be framed by anyone).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ticketing = await proApiFor(request, context).loadData(getProTicketing, {
    params: routeParams(SalesTicketingParams, params),
  });
  return {
    ticketing: { id: ticketing.id, title: ticketing.title, status: ticketing.status },
    siteUrl: serverEnv.SITE_URL,
    // The preview is the organiser's own look: the view counter leaves it out of the statistics.
    previewQuery: `?source=${PRO_PREVIEW_SOURCE.toLowerCase()}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Intégration — ${loaderData?.ticketing.title ?? 'Billetterie'} | Guichet Pro` },
];

function EmbedBlock({
  id,
  title,
  help,
  code,
  previewUrl,
  previewTitle,
  previewOpen = false,
}: {
  id: string;
  title: string;
  help: string;
  code: string;
  previewUrl: string | null;
  previewTitle: string;
  previewOpen?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-aide`} className="text-slate-700">
        {help}
      </p>
      <CodeToCopy label="Code d’intégration" code={code} describedBy={`${id}-aide`} />
      {previewUrl ? (
        // One preview open at a time: the other waits closed (its frame not loaded until it is opened).
        <details open={previewOpen} className="space-y-2">
          <summary className="cursor-pointer font-semibold text-brand-800">Aperçu</summary>
          <iframe
            src={previewUrl}
            title={previewTitle}
            loading="lazy"
            className="mt-2 h-[480px] w-full rounded-lg border border-slate-300 bg-white"
          />
        </details>
      ) : (
        <p className="text-slate-700">L’aperçu s’affichera quand la billetterie sera publiée.</p>
      )}
    </section>
  );
}

export default function TicketingEmbed({ loaderData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const { ticketing, siteUrl, previewQuery } = loaderData;
  const published = ticketing.status === 'PUBLISHED' || ticketing.status === 'PAUSED';
  return (
    <div className="space-y-6">
      <p>
        <Link to={ticketingSalesPath(organizer.id, ticketing.id, 'ventes')}>← Ventes de {ticketing.title}</Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Intégrer sur votre site — {ticketing.title}</h1>
      <EmbedBlock
        id="integration-billetterie"
        title="Cette billetterie"
        help="Copiez ce code et collez-le dans une page de votre site : vos tarifs s’y affichent, et la réservation s’ouvre sur Guichet dans un nouvel onglet. Le cadre prend tout seul la hauteur de son contenu."
        code={ticketingEmbedSnippet(siteUrl, ticketing)}
        previewUrl={published ? `${siteUrl}${ticketingEmbedPath(ticketing.id)}${previewQuery}` : null}
        previewTitle={`Aperçu de l’intégration de ${ticketing.title}`}
        previewOpen
      />
      <EmbedBlock
        id="integration-organisateur"
        title={`Tous les événements de ${organizer.name}`}
        help="La liste de vos prochains événements, à jour toute seule."
        code={organizerEmbedSnippet(siteUrl, organizer)}
        previewUrl={`${siteUrl}${organizerEmbedPath(organizer.id)}`}
        previewTitle={`Aperçu de l’intégration des événements de ${organizer.name}`}
      />
    </div>
  );
}
