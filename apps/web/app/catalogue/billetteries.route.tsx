import {
  type CountryNavigation,
  type CountryPeriodsAnswer,
  getListingPage,
  type TicketingSummary,
} from '@guichet/contracts';
import {
  CALENDAR_YEARS,
  COUNTRY_NAMES,
  type CountrySlug,
  dayOfMonthLabel,
  isCitySlug,
  isCountrySlug,
  listingDescription,
  listingPath,
  listingTitle,
  monthName,
  parseListingPath,
  renderRichText,
  ticketingSlugId,
} from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Breadcrumb, type Crumb } from '@guichet/ui/breadcrumb';
import { buttonClass } from '@guichet/ui/button';
import { ArrowLeft, ArrowRight } from '@guichet/ui/icons';
import { whenIdle } from '@guichet/ui/when-idle';
import { lazy, useEffect } from 'react';
import { redirect, useLocation } from 'react-router';
import { headMeta, pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/billetteries.route';
import { cardDataOf, type TicketingCardData, TicketingGrid } from './ticketing-card';
import { ticketingHead } from './ticketing-head.server';
import type { OverlayClosedState } from './ticketing-overlay';
import { type ListPage, useLoadMore } from './use-load-more';

type ListingParams = Partial<Record<'country' | 'year' | 'month' | 'day' | 'ticketingID', string>>;

/** Cards per page of a listing; the next page is reached with the keyset cursor of the API. */
const PAGE_SIZE = 24;
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** The query that stays with the listing: the city filter, then the page's cursor. */
function listingSearch(city: string | null, cursor: string | null): string {
  const query = new URLSearchParams();
  if (city) query.set('ville', city);
  if (cursor) query.set('cursor', cursor);
  const encoded = query.toString();
  return encoded ? `?${encoded}` : '';
}

export async function loader({ params, request }: Route.LoaderArgs) {
  // The same module serves every listing path; the parameters are the path's segments in order.
  const { country, year, month, day, ticketingID } = params as ListingParams;
  const segments = [country, year, month, day, ticketingID].filter((segment) => segment !== undefined);
  const listing = parseListingPath(segments) ?? notFound(request);
  if (listing.country !== null && !isCountrySlug(listing.country)) notFound(request);
  if (listing.year !== null && (listing.year < CALENDAR_YEARS.first || listing.year > CALENDAR_YEARS.last))
    notFound(request);
  const selection = {
    country: listing.country as CountrySlug | null,
    year: listing.year,
    month: listing.month,
    day: listing.day,
  };

  const url = new URL(request.url);
  const city = url.searchParams.get('ville');
  if (city !== null && !isCitySlug(city)) notFound(request);
  const cursor = url.searchParams.get('cursor');
  if (cursor !== null && !CURSOR.test(cursor)) notFound(request);

  const basePath = listingPath(selection);
  const search = listingSearch(city, cursor);

  // The whole page in one call: navigation, periods, the cards and the ticketing opened over them.
  const { countries, periods, page, ticketing } = await apiFor(request).loadData(getListingPage, {
    query: {
      country: selection.country ?? undefined,
      year: selection.year ?? undefined,
      month: selection.month ?? undefined,
      day: selection.day ?? undefined,
      city: city ?? undefined,
      cursor: cursor ?? undefined,
      limit: PAGE_SIZE,
      ticketing: listing.ticketingID ?? undefined,
    },
  });

  // The overlay's code, for the server to render it without suspending (OpenedTicketing).
  if (ticketing) await loadOverlay();

  // A ticketing opened over the listing always has its slug form in the URL (docs/decisions/0003).
  if (ticketing && segments.at(-1) !== ticketingSlugId(ticketing)) {
    throw redirect(`${basePath}/${ticketingSlugId(ticketing)}${url.search}`, 301);
  }

  const cityName = city ? cityNameOf(city, countries, page.items) : null;
  if (city && !cityName) notFound(request);

  const shownCity = city && cityName ? { slug: city, name: cityName } : null;
  return {
    selection,
    city: shownCity,
    // The trail is data, as the head: the browser needs neither the month names nor the day labels for it.
    crumbs: crumbsOf(selection, shownCity),
    title: listingTitle({ ...selection, cityName }),
    description: listingDescription({ ...selection, cityName }),
    basePath,
    /** The listing's own URL (with its city and page), where closing the opened ticketing leads. */
    listingUrl: `${basePath}${search}`,
    search,
    cursor,
    // The cards only: what they do not show stays on the server (the city's name was read above).
    items: page.items.map(cardDataOf),
    nextCursor: page.nextCursor,
    total: totalOf(selection, city, countries, periods),
    countries,
    periods,
    ticketing,
    // The opened ticketing's description as HTML and its head (JSON-LD included), made here: the browser
    // loads neither the rich-text renderer nor the JSON-LD builder.
    opened: ticketing
      ? { descriptionHtml: renderRichText(ticketing.description), head: ticketingHead(ticketing) }
      : null,
  };
}

/** The name of a city from the navigation (cities with upcoming ticketings), else from the listed cards. */
function cityNameOf(slug: string, countries: CountryNavigation[], items: TicketingSummary[]): string | null {
  for (const country of countries) {
    const found = country.cities.find((candidate) => candidate.slug === slug);
    if (found) return found.name;
  }
  return items.find((item) => item.citySlug === slug)?.city ?? null;
}

type Selection = { country: CountrySlug | null; year: number | null; month: number | null; day: number | null };

/** How many ticketings the listing holds, when the navigation's counts say it exactly. */
function totalOf(
  selection: Selection,
  city: string | null,
  countries: CountryNavigation[],
  periods: CountryPeriodsAnswer | null,
): number | null {
  const { country, year, month, day } = selection;
  if (year === null) {
    // Without a period the listing shows what is not over yet: the navigation's counts.
    const scope = country ? countries.filter((candidate) => candidate.slug === country) : countries;
    if (!city) return scope.reduce((sum, candidate) => sum + candidate.count, 0);
    const found = scope.flatMap((candidate) => candidate.cities).find((candidate) => candidate.slug === city);
    return found?.count ?? null;
  }
  if (city || !periods) return null;
  if (day !== null) {
    return periods.days?.find((entry) => entry.month === month && entry.day === day)?.count ?? 0;
  }
  if (month !== null) return periods.months.find((entry) => entry.year === year && entry.month === month)?.count ?? 0;
  return periods.years.find((entry) => entry.year === year)?.count ?? 0;
}

type LoaderData = Route.ComponentProps['loaderData'];

/** The cards of a listing's page and the address of the next one (« Voir plus »). */
function listPageOf(data: LoaderData): ListPage<TicketingCardData> {
  const { basePath, city, items, nextCursor } = data;
  return { items, nextHref: nextCursor ? `${basePath}${listingSearch(city?.slug ?? null, nextCursor)}` : null };
}

function crumbsOf(
  selection: { country: CountrySlug | null; year: number | null; month: number | null; day: number | null },
  city: { name: string } | null,
): Crumb[] {
  const { country, year, month, day } = selection;
  const crumbs: Crumb[] = [{ label: 'Billetteries', to: listingPath({ country: null }) }];
  if (country) crumbs.push({ label: COUNTRY_NAMES[country], to: listingPath({ country }) });
  if (country && year !== null) crumbs.push({ label: String(year), to: listingPath({ country, year }) });
  if (country && year !== null && month !== null) {
    crumbs.push({ label: monthName(month), to: listingPath({ country, year, month }) });
  }
  if (country && year !== null && month !== null && day !== null) {
    crumbs.push({ label: dayOfMonthLabel(day), to: listingPath({ country, year, month, day }) });
  }
  if (city) crumbs.push({ label: city.name });
  return crumbs;
}

// A ticketing's overlay (its details, tickets, add to cart) is not part of the listing's first load: it loads
// once the listing is shown, before a card is opened, or with the page when the address opens it
// (docs/decisions/0052).
type Overlay = typeof import('./ticketing-overlay').TicketingOverlay;
/** The overlay's component once its module has loaded. */
let loadedOverlay: Overlay | undefined;
const loadOverlay = () =>
  import('./ticketing-overlay').then((module) => {
    loadedOverlay = module.TicketingOverlay;
    return module;
  });
const LazyOverlay = lazy(() => loadOverlay().then((module) => ({ default: module.TicketingOverlay })));

/**
 * The server renders the overlay at once (the loader waited for its module), and outside any Suspense boundary:
 * React streams a boundary's content this big into a hidden element that only JavaScript reveals, and a
 * visitor without it would see no overlay. In the browser it comes through React.lazy, with no boundary of
 * its own either (the same markup): hydrating an address that opens it waits for its code; a navigation that
 * opens it keeps the listing shown until then.
 */
function OpenedTicketing(props: Parameters<Overlay>[0]) {
  const Loaded = typeof document === 'undefined' ? loadedOverlay : undefined;
  return Loaded ? <Loaded {...props} /> : <LazyOverlay {...props} />;
}

export default function Billetteries({ loaderData }: Route.ComponentProps) {
  const { title, cursor, basePath, search, city, total, ticketing, opened, listingUrl } = loaderData;
  useFocusAfterOverlay();
  useEffect(() => whenIdle(() => void loadOverlay().catch(() => {})), []);
  const continued = cursor !== null;
  // With JavaScript, « Voir plus » adds the next cards under these; without, it opens the next page.
  const { items, nextHref, loading, loadMore } = useLoadMore(
    `${basePath}${listingSearch(city?.slug ?? null, cursor)}`,
    listPageOf(loaderData),
    listPageOf,
    focusTicketingCard,
  );
  const { crumbs } = loaderData;

  return (
    <div className="container-page space-y-8 py-8 sm:py-12">
      <div className="space-y-3">
        {crumbs.length > 1 ? <Breadcrumb crumbs={crumbs} /> : null}
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {title}
          {continued ? <span className="font-bold text-slate-700"> (suite)</span> : null}
        </h1>
        <p className="max-w-3xl text-lg text-slate-700">
          {loaderData.selection.year === null
            ? 'Concerts, spectacles, festivals et sorties à venir : choisissez un pays, une ville ou une période.'
            : 'Toutes les billetteries de la période, passées comprises : choisissez un jour ou une ville pour affiner.'}
        </p>
      </div>

      <ListingNavigation data={loaderData} />

      <section aria-labelledby="billetteries-liste" className="space-y-6">
        <h2 id="billetteries-liste" className="text-2xl font-bold tracking-tight text-slate-900">
          {total === null ? 'Les billetteries' : total > 1 ? `${total} billetteries` : `${total} billetterie`}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">
            {continued
              ? 'Il n’y a pas d’autre billetterie dans cette liste.'
              : `Aucune billetterie ${city ? 'dans cette ville ' : ''}pour le moment : essayez une autre période ou un autre pays.`}
          </p>
        ) : (
          <TicketingGrid
            ticketings={items}
            headingLevel={3}
            preventScrollReset
            leadsPage
            linkFor={(item) => `${basePath}/${ticketingSlugId(item)}${search}`}
          />
        )}
        {nextHref || continued ? (
          <nav aria-label="Pages de la liste" className="flex flex-wrap items-center justify-center gap-3 pt-2">
            {continued ? (
              <AppLink to={`${basePath}${listingSearch(city?.slug ?? null, null)}`} className={buttonClass('tertiary')}>
                <ArrowLeft className="size-5" aria-hidden="true" />
                Revenir au début de la liste
              </AppLink>
            ) : null}
            {nextHref ? (
              <AppLink
                to={nextHref}
                onClick={loadMore}
                aria-busy={loading || undefined}
                preventScrollReset
                className={buttonClass('secondary')}
              >
                Voir plus
                <span className="sr-only"> de billetteries</span>
                <ArrowRight className="size-5" aria-hidden="true" />
              </AppLink>
            ) : null}
          </nav>
        ) : null}
      </section>

      {ticketing && opened ? (
        <OpenedTicketing
          key={ticketing.id}
          ticketing={ticketing}
          descriptionHtml={opened.descriptionHtml}
          closeTo={listingUrl}
        />
      ) : null}
    </div>
  );
}

/** The focus on a card's link: the first one « Voir plus » added (the link itself goes after the last page). */
function focusTicketingCard(ticketing: Pick<TicketingSummary, 'id'>) {
  document.querySelector<HTMLElement>(`[data-ticketing-link="${ticketing.id}"]`)?.focus();
}

/** After the opened ticketing closed, the focus goes back to its card in the listing. */
function useFocusAfterOverlay() {
  const location = useLocation();
  useEffect(() => {
    const id = (location.state as OverlayClosedState | null)?.focusTicketing;
    if (id === undefined) return;
    const frame = requestAnimationFrame(() => {
      document.querySelector<HTMLElement>(`[data-ticketing-link="${id}"]`)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location]);
}

function ListingNavigation({ data }: { data: LoaderData }) {
  const { selection, countries, periods, city, basePath } = data;
  const { country, year, month, day } = selection;
  const countryNav = country ? countries.find((candidate) => candidate.slug === country) : undefined;
  const cityQuery = (slug: string) => `${basePath}${listingSearch(slug, null)}`;

  return (
    <section aria-labelledby="billetteries-navigation" className="space-y-5 rounded-2xl bg-slate-50 p-5 sm:p-6">
      <h2 id="billetteries-navigation" className="sr-only">
        Affiner par pays, ville et période
      </h2>
      <ChipGroup
        label="Pays"
        chips={countries.map((candidate) => ({
          key: candidate.slug,
          label: candidate.name,
          count: candidate.count,
          to: listingPath({ country: candidate.slug }),
          current: candidate.slug === country && year === null && !city,
        }))}
      />
      {countryNav && countryNav.cities.length > 0 ? (
        <ChipGroup
          label={`Villes ${year === null ? '' : '(billetteries à venir)'}`.trim()}
          chips={[
            ...(city ? [{ key: 'toutes', label: 'Toutes les villes', to: basePath, current: false }] : []),
            ...countryNav.cities.map((candidate) => ({
              key: candidate.slug,
              label: candidate.name,
              count: candidate.count,
              to: cityQuery(candidate.slug),
              current: candidate.slug === city?.slug,
            })),
          ]}
        />
      ) : null}
      {country && periods && periods.years.length > 0 ? (
        <ChipGroup
          label="Années"
          chips={periods.years.map((entry) => ({
            key: String(entry.year),
            label: String(entry.year),
            count: entry.count,
            to: listingPath({ country, year: entry.year }),
            current: entry.year === year && month === null && !city,
          }))}
        />
      ) : null}
      {country && periods && periods.months.length > 0 ? (
        <ChipGroup
          label={year === null ? 'Mois' : `Mois de ${year}`}
          chips={periods.months.map((entry) => ({
            key: `${entry.year}-${entry.month}`,
            label: year === null ? `${monthName(entry.month)} ${entry.year}` : monthName(entry.month),
            count: entry.count,
            to: listingPath({ country, year: entry.year, month: entry.month }),
            current: entry.year === year && entry.month === month && day === null && !city,
          }))}
        />
      ) : null}
      {country && year !== null && month !== null && periods?.days && periods.days.length > 0 ? (
        <ChipGroup
          label={`Jours de ${monthName(month)} ${year}`}
          chips={periods.days.map((entry) => ({
            key: String(entry.day),
            label: `${dayOfMonthLabel(entry.day)} ${monthName(entry.month)}`,
            count: entry.count,
            to: listingPath({ country, year, month, day: entry.day }),
            current: entry.day === day && !city,
          }))}
        />
      ) : null}
    </section>
  );
}

type Chip = { key: string; label: string; to: string; count?: number; current: boolean };

/** A labelled list of links with their counts; the page's own link says so (aria-current). */
function ChipGroup({ label, chips }: { label: string; chips: Chip[] }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{label}</h3>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <AppLink
              to={chip.to}
              aria-current={chip.current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-semibold no-underline transition-colors ${
                chip.current
                  ? 'border-brand-800 bg-brand-800 text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700 hover:bg-brand-50'
              }`}
            >
              {chip.label}
              {chip.count === undefined ? null : (
                <span
                  className={`rounded-full px-2 text-xs ${chip.current ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-800'}`}
                >
                  <span className="sr-only"> : </span>
                  {chip.count}
                  <span className="sr-only">{chip.count > 1 ? ' billetteries' : ' billetterie'}</span>
                </span>
              )}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  if (!loaderData) return pageMeta({ title: 'Billetteries' }, { location, matches });
  if (loaderData.opened) return headMeta(loaderData.opened.head, { location, matches });
  const continued = loaderData.cursor !== null;
  return pageMeta(
    {
      title: continued ? `${loaderData.title} (suite)` : loaderData.title,
      description: loaderData.description,
      // The city filter and the page's cursor make pages of their own: both stay in the canonical URL.
      path: loaderData.listingUrl,
      ...(loaderData.items.length === 0 ? { robots: 'noindex, follow' } : {}),
    },
    { location, matches },
  );
};

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
