import { getHomePage } from '@guichet/contracts';
import { ticketingPath } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { ArrowRight, CalendarDays, MapPin, ShieldCheck, Smartphone, Ticket } from '@guichet/ui/icons';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import { OfferStrip } from '../offers/offer-strip';
import type { Route } from './+types/home.route';
import { cardDataOf, TicketingGrid } from './ticketing-card';

/** Offers on the home page (a preview section). */
const HOME_OFFERS = 3;

/**
 * The « Prochainement » strip: the next six ticketings; with the preview sections, a « Bons plans » strip
 * too, in the same call and best effort (the API failing to read the deals leaves the strip out, not the page).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { upcoming, offers } = await apiFor(request).loadData(getHomePage, {
    query: { offers: serverEnv.PREVIEW_FEATURES ? HOME_OFFERS : 0 },
  });
  // The cards only: what they do not show stays on the server (hydration data is sent to every visitor).
  return { upcoming: upcoming.map(cardDataOf), offers };
}

const countries = [
  { slug: 'france', name: 'France', text: 'Concerts, théâtre et festivals partout en France.' },
  { slug: 'belgique', name: 'Belgique', text: 'De Bruxelles à Liège, les sorties à ne pas manquer.' },
  { slug: 'suisse', name: 'Suisse', text: 'Genève, Lausanne et toute la Suisse romande.' },
];

const promises = [
  { icon: ShieldCheck, title: 'Paiement sécurisé', text: 'Vos achats sont protégés, du panier à la confirmation.' },
  {
    icon: Smartphone,
    title: 'Billets électroniques',
    text: 'Vos billets par e-mail et dans votre compte, prêts à scanner.',
  },
  { icon: Ticket, title: 'Billetteries officielles', text: 'Des billets vendus directement par les organisateurs.' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section aria-labelledby="accueil-titre" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Billetterie en ligne</p>
          <h1
            id="accueil-titre"
            className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            Vos billets pour les plus beaux événements
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            Concerts, spectacles, festivals, expositions : réservez vos places en quelques clics auprès des
            organisateurs, et recevez vos billets électroniques aussitôt.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AppLink to="/billetteries" className="btn btn-primary">
              Voir les billetteries
              <ArrowRight className="size-5" aria-hidden="true" />
            </AppLink>
            <AppLink to="/agenda" className="btn btn-secondary">
              <CalendarDays className="size-5" aria-hidden="true" />
              Consulter l'agenda
            </AppLink>
          </div>
        </div>
      </section>

      {loaderData.upcoming.length > 0 ? (
        <section aria-labelledby="prochainement-titre" className="container-page pt-12">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="prochainement-titre" className="text-2xl font-bold tracking-tight text-slate-900">
              Prochainement
            </h2>
            <AppLink to="/agenda" className="font-semibold">
              Tout l'agenda
            </AppLink>
          </div>
          <div className="mt-6">
            <TicketingGrid ticketings={loaderData.upcoming} linkFor={ticketingPath} leadsPage />
          </div>
        </section>
      ) : null}

      <OfferStrip
        id="bons-plans-titre"
        title="Bons plans"
        offers={loaderData.offers}
        more={{ to: '/bons-plans', label: 'Tous les bons plans' }}
      />

      <section aria-labelledby="pays-titre" className="container-page py-12">
        <h2 id="pays-titre" className="text-2xl font-bold tracking-tight text-slate-900">
          Les billetteries par pays
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {countries.map((country) => (
            <li key={country.slug}>
              <AppLink
                to={`/billetteries/${country.slug}`}
                className="group flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 no-underline shadow-sm transition-shadow hover:border-brand-300 hover:shadow-md"
              >
                <span className="inline-flex items-center gap-2 text-xl font-bold text-brand-800">
                  <MapPin className="size-5" aria-hidden="true" />
                  {country.name}
                </span>
                <span className="text-slate-700">{country.text}</span>
                <span className="mt-auto pt-2 font-semibold text-brand-700 group-hover:underline">
                  Billetteries en {country.name}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="agenda-titre" className="container-page pb-12">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="agenda-titre" className="text-2xl font-bold">
              Que faire ce week-end ?
            </h2>
            <p className="mt-2 text-brand-50">Tous les événements à venir, jour après jour, dans l'agenda.</p>
          </div>
          <AppLink to="/agenda" className="btn bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white">
            Voir l'agenda des événements
          </AppLink>
        </div>
      </section>

      <section aria-labelledby="promesses-titre" className="border-t border-slate-200 bg-slate-50">
        <div className="container-page py-12">
          <h2 id="promesses-titre" className="text-2xl font-bold tracking-tight text-slate-900">
            Réserver sur Guichet
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {promises.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Vos billets de concerts, spectacles et festivals',
      description:
        'Guichet, la billetterie en ligne : réservez vos billets de concerts, spectacles et festivals en France, en Belgique et en Suisse.',
    },
    args,
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
