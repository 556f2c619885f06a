import { getAgenda, type TicketingSummary } from '@guichet/contracts';
import {
  AGENDA_DEFAULT_PERIOD,
  agendaPeriodOptions,
  cardEventDate,
  formatCalendarDate,
  formatTime,
  inCity,
  isCitySlug,
  isEventPeriod,
  parisDate,
  resolveAgendaPeriod,
  ticketingPath,
} from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Button, buttonClass } from '@guichet/ui/button';
import { Filter, MapPin } from '@guichet/ui/icons';
import { Form, useNavigation } from 'react-router';
import { useNow } from '../lib/hooks/use-now';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { CseQueryInputs } from '../shell/cse-inputs';
import type { Route } from './+types/agenda.route';
import { lowestPriceLabel } from './ticketing-card';

/** The filters live in the URL (?ville=&categorie=&periode=), so a filtered agenda can be shared and bookmarked. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const today = parisDate(new Date());
  // A value the form does not offer (an old link, a hand-made URL) is simply not applied.
  const city = isCitySlug(query.get('ville')) ? query.get('ville') : null;
  const category = query.get('categorie')?.trim().slice(0, 64) || null;
  const period = resolveAgendaPeriod(query.get('periode'), today) ?? resolveAgendaPeriod(AGENDA_DEFAULT_PERIOD, today);
  if (!period) throw new Error('La période par défaut de l’agenda doit exister.');

  const agenda = await apiFor(request).loadData(getAgenda, {
    query: { city: city ?? undefined, category: category ?? undefined, from: period.from, to: period.to },
  });
  const cityName = city ? (agenda.cities.find((candidate) => candidate.slug === city)?.name ?? null) : null;
  return {
    agenda,
    filters: { city: cityName ? city : null, category, period: period.value },
    cityName,
    periodOptions: agendaPeriodOptions(today),
  };
}

/** « Agenda des événements à Lyon – Théâtre ». */
function titleOf(cityName: string | null, category: string | null): string {
  return `Agenda des événements${cityName ? ` ${inCity(cityName)}` : ''}${category ? ` – ${category}` : ''}`;
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const { agenda, filters, cityName, periodOptions } = loaderData;
  const navigation = useNavigation();
  const filtering = navigation.state === 'loading' && navigation.location.pathname === '/agenda';
  // Events, not entries: an exhibition listed on each day it runs counts once.
  const count = new Set(agenda.days.flatMap((day) => day.ticketings.map((ticketing) => ticketing.id))).size;
  const periodLabel = periodOptions.find((option) => option.value === filters.period)?.label ?? '';
  const filtered = filters.city !== null || filters.category !== null || filters.period !== AGENDA_DEFAULT_PERIOD;

  return (
    <div className="container-page space-y-8 py-8 sm:py-12">
      <div className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {titleOf(cityName, filters.category)}
        </h1>
        <p className="max-w-3xl text-lg text-slate-700">
          Concerts, spectacles, festivals et sorties à venir, jour après jour. Choisissez une ville, une catégorie ou
          une période.
        </p>
      </div>

      <Form
        method="get"
        action="/agenda"
        preventScrollReset
        aria-labelledby="agenda-filtres"
        className="grid gap-4 rounded-2xl bg-slate-50 p-5 sm:grid-cols-2 sm:p-6 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        <h2 id="agenda-filtres" className="sr-only">
          Filtrer l'agenda
        </h2>
        <CseQueryInputs />
        <FilterSelect
          name="ville"
          label="Ville"
          value={filters.city ?? ''}
          options={[
            { value: '', label: 'Toutes les villes' },
            ...agenda.cities.map((city) => ({ value: city.slug, label: city.name })),
          ]}
        />
        <FilterSelect
          name="categorie"
          label="Catégorie"
          value={filters.category ?? ''}
          options={[
            { value: '', label: 'Toutes les catégories' },
            ...agenda.categories.map((category) => ({ value: category, label: category })),
          ]}
        />
        <FilterSelect name="periode" label="Période" value={filters.period} options={periodOptions} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={filtering} icon={<Filter className="size-5" aria-hidden="true" />}>
            Filtrer
          </Button>
          {filtered ? (
            <AppLink to="/agenda" preventScrollReset className={buttonClass('tertiary')}>
              Réinitialiser
            </AppLink>
          ) : null}
        </div>
      </Form>

      <section aria-labelledby="agenda-resultats" className="space-y-8" aria-busy={filtering || undefined}>
        <h2 id="agenda-resultats" className="text-2xl font-bold tracking-tight text-slate-900">
          {count === 0 ? 'Aucun événement' : count > 1 ? `${count} événements` : '1 événement'}
          <span className="font-semibold text-slate-700"> · {periodLabel.toLowerCase()}</span>
        </h2>
        {count === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">
            Aucun événement ne correspond à ces critères : essayez une autre ville, une autre catégorie ou une période
            plus longue.
          </p>
        ) : (
          agenda.days.map((day) => <AgendaDay key={day.date} date={day.date} ticketings={day.ticketings} />)
        )}
        {agenda.truncated ? (
          <p className="text-slate-700">
            Seuls les premiers événements de la période sont affichés : choisissez une période plus courte ou une ville
            pour tout voir.
          </p>
        ) : null}
      </section>
    </div>
  );
}

function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const id = `agenda-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {/* Keyed by the value so that a new URL (back button, reset link) shows its own choice. */}
      <select
        key={value}
        id={id}
        name={name}
        defaultValue={value}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * When on that day: a performance's hour; for an exhibition or a festival, listed on each of its days, its
 * period as its card says it (« jusqu’au dim. 20 décembre 2026 »), never its first day's hour.
 */
function AgendaWhen({ ticketing, now }: { ticketing: TicketingSummary; now: number }) {
  const className = 'font-semibold text-brand-800';
  if (!isEventPeriod(ticketing.startsAt, ticketing.endsAt)) {
    return (
      <time dateTime={ticketing.startsAt} className={className}>
        {formatTime(ticketing.startsAt)}
      </time>
    );
  }
  const when = cardEventDate(ticketing, now);
  return (
    <time dateTime={when.dateTime} className={`${className} text-sm`}>
      {when.label}
    </time>
  );
}

function AgendaDay({ date, ticketings }: { date: string; ticketings: TicketingSummary[] }) {
  const now = useNow();
  const headingId = `agenda-jour-${date}`;
  const label = formatCalendarDate(date);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="border-b border-slate-200 pb-2 text-xl font-bold text-slate-900">
        <time dateTime={date}>{label.charAt(0).toUpperCase() + label.slice(1)}</time>
      </h3>
      <ul className="divide-y divide-slate-100">
        {ticketings.map((ticketing) => (
          <li key={ticketing.id} className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr_auto] sm:items-baseline sm:gap-4">
            <AgendaWhen ticketing={ticketing} now={now} />
            <div className="min-w-0">
              <AppLink to={ticketingPath(ticketing)} className="text-lg font-semibold">
                {ticketing.title}
              </AppLink>
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
                <span>{ticketing.category}</span>
                <span aria-hidden="true">·</span>
                <span className="inline-flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden="true" />
                  {ticketing.venue}, {ticketing.city}
                </span>
              </p>
            </div>
            <p className="text-sm font-semibold text-slate-900">{lowestPriceLabel(ticketing.lowestPrice)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    {
      title: loaderData ? titleOf(loaderData.cityName, loaderData.filters.category) : 'Agenda des événements',
      description: `Concerts, spectacles, festivals et sorties${
        loaderData?.cityName ? ` ${inCity(loaderData.cityName)}` : ''
      } : tous les événements à venir, jour après jour.`,
      // Filtered views are variations of one page: the canonical URL is the agenda itself.
      path: '/agenda',
    },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
