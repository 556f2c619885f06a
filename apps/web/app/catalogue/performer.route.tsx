import { getPerformer } from '@guichet/contracts';
import { ticketingPath } from '@guichet/domain';
import { Breadcrumb } from '@guichet/ui/breadcrumb';
import { RichText } from '@guichet/ui/rich-text';
import { imageTypeOf } from '../lib/image-type';
import { pageMeta } from '../lib/meta';
import { requireNumericId } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { VisualImage } from '../ui/visual-image';
import type { Route } from './+types/performer.route';
import { TicketingGrid } from './ticketing-card';

export async function loader({ params, request }: Route.LoaderArgs) {
  const performerID = requireNumericId(params.performerID, request);
  const performer = await apiFor(request).loadData(getPerformer, { params: { performerID } });
  return { performer };
}

export default function Performer({ loaderData }: Route.ComponentProps) {
  const { performer } = loaderData;
  return (
    <div className="container-page space-y-12 py-8 sm:py-12">
      <div className="space-y-6">
        <Breadcrumb crumbs={[{ label: 'Artistes', to: '/artistes' }, { label: performer.name }]} />
        <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <VisualImage
            visual={performer.visual}
            described
            className="size-48 shrink-0 rounded-2xl bg-slate-100 object-cover"
            eager
          />
          <div className="space-y-4">
            <div className="space-y-2">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">{performer.genre}</p>
              <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{performer.name}</h1>
            </div>
            {performer.bio ? <RichText doc={performer.bio} /> : null}
          </div>
        </header>
      </div>

      <section aria-labelledby="artiste-a-venir" className="space-y-5">
        <h2 id="artiste-a-venir" className="text-2xl font-bold tracking-tight text-slate-900">
          Prochaines dates
        </h2>
        {performer.upcoming.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">Pas de date annoncée pour le moment.</p>
        ) : (
          <TicketingGrid ticketings={performer.upcoming} linkFor={ticketingPath} />
        )}
      </section>

      {performer.past.length > 0 ? (
        <section aria-labelledby="artiste-passees" className="space-y-5">
          <h2 id="artiste-passees" className="text-2xl font-bold tracking-tight text-slate-900">
            Dates passées
          </h2>
          <TicketingGrid ticketings={performer.past} linkFor={ticketingPath} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  if (!loaderData) return pageMeta({ title: 'Artiste' }, { location, matches });
  const { performer } = loaderData;
  return pageMeta(
    {
      title: `${performer.name} : prochaines dates et billets`,
      description: `${performer.name} (${performer.genre.toLowerCase()}) : biographie, prochaines dates et billets.`,
      ...(performer.visual
        ? {
            image: {
              url: performer.visual.url,
              alt: performer.visual.alt,
              width: performer.visual.width,
              height: performer.visual.height,
              type: imageTypeOf(performer.visual.url),
            },
          }
        : {}),
    },
    { location, matches },
  );
};

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
