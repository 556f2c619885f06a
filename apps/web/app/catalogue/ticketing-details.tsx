import type { TicketingDetail } from '@guichet/contracts';
import {
  eventTiming,
  eventWhen,
  formatAddress,
  formatEventDate,
  ticketingPath,
  ticketingSlugId,
} from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { buttonClass } from '@guichet/ui/button';
import { Fact } from '@guichet/ui/fact';
import {
  Ban,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarPlus,
  ExternalLink,
  MapPin,
  UserRound,
} from '@guichet/ui/icons';
import { RichTextHtml } from '@guichet/ui/rich-text-html';
import { useNow } from '../lib/hooks/use-now';
import { useRootData } from '../lib/hooks/use-root-data';
import { visualSrc } from '../lib/visual-url';
import { VisualImage } from '../ui/visual-image';
import { TicketProducts } from './ticket-products';

/**
 * Where a ticketing is shown: its own page (h1), opened over a listing (the dialog's title is the h2), or
 * embedded in another site (h1, prices only, buying opens the site in a new tab).
 */
export type TicketingVariant = 'page' | 'overlay' | 'embed';

export function calendarPath(ticketing: { slug: string; id: number }): string {
  return `${ticketingPath(ticketing)}/calendrier.ics`;
}

/**
 * A ticketing's visuals, dates, place, tickets, description, performers and organizer. The page that shows
 * it counts the view (useTicketingView), not this component, which may be mounted twice for one view.
 */
export function TicketingDetails({
  ticketing,
  variant,
  descriptionHtml,
  preview = false,
}: {
  ticketing: TicketingDetail;
  variant: TicketingVariant;
  /** The description rendered by the loader (`renderRichText`); null where it is not shown (embed). */
  descriptionHtml: string | null;
  /** The organiser's preview (/apercu/billetterie/…): shown as a buyer will see it, nothing can be bought. */
  preview?: boolean;
}) {
  const previewFeatures = useRootData()?.env.previewFeatures ?? false;
  const now = useNow();
  const cancelled = ticketing.status === 'CANCELLED';
  // Over: the page stays (its address is known, its date is history) but nothing can be bought.
  const ended = !cancelled && eventTiming(ticketing.startsAt, ticketing.endsAt, now) === 'ended';
  // Paused by its organiser: the page stays, its sale is stopped until it resumes.
  const paused = ticketing.status === 'PAUSED';
  // Moved to a new date by its organiser (tickets still valid): said until the event is over.
  const postponed = !cancelled && !ended && ticketing.previousStartsAt !== null;
  const closed = cancelled || ended || paused || preview;
  // Not on sale yet: the page says when the sale opens, and shows the prices without quantities.
  const notYetOnSale = !closed && now < Date.parse(ticketing.salesStartAt);
  // A performance at its date and hour; an exhibition or a festival by its days (« du … au … », « jusqu’au … »).
  const when = eventWhen(ticketing, now);
  const [hero, ...gallery] = ticketing.visuals;
  // Section headings sit one level below the title: h1 on a page, the dialog's h2 over a listing.
  const Section = variant === 'overlay' ? 'h3' : 'h2';
  const sectionClass = 'text-2xl font-bold tracking-tight text-slate-900';
  const idPrefix = `billetterie-${ticketing.id}-${variant}`;

  return (
    <article className="space-y-10" aria-labelledby={variant === 'overlay' ? undefined : `${idPrefix}-titre`}>
      <div className={variant === 'page' ? 'grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start' : 'space-y-6'}>
        {hero ? (
          <img
            src={visualSrc(hero.url)}
            alt={hero.alt}
            width={hero.width}
            height={hero.height}
            fetchPriority={variant === 'page' ? 'high' : undefined}
            className="aspect-[3/2] w-full rounded-2xl bg-slate-100 object-cover"
          />
        ) : null}
        <div className="space-y-5">
          <div className="space-y-2">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">{ticketing.category}</p>
            {variant === 'overlay' ? null : (
              <h1
                id={`${idPrefix}-titre`}
                className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
              >
                {ticketing.title}
              </h1>
            )}
            <p className="text-lg text-slate-700">{ticketing.summary}</p>
          </div>

          {cancelled ? (
            <p className="flex items-start gap-3 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
              <Ban className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block text-lg">Événement annulé</strong>
                Cet événement n'aura pas lieu : la vente des billets est fermée.
              </span>
            </p>
          ) : null}
          {postponed && ticketing.previousStartsAt ? (
            <p className="flex items-start gap-3 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900">
              <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block text-lg">Événement reporté</strong>
                Reporté — nouvelle date :{' '}
                <time dateTime={ticketing.startsAt}>{formatEventDate(ticketing.startsAt)}</time> (initialement le{' '}
                <time dateTime={ticketing.previousStartsAt}>{formatEventDate(ticketing.previousStartsAt)}</time>). Les
                billets déjà achetés restent valables.
              </span>
            </p>
          ) : null}
          {ended ? (
            <p className="flex items-start gap-3 rounded-xl border-l-4 border-slate-600 bg-slate-100 p-4 text-slate-900">
              <CalendarCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block text-lg">Événement terminé</strong>
                Cet événement a eu lieu : la vente des billets est fermée.
              </span>
            </p>
          ) : null}
          {paused && !ended ? (
            <p className="flex items-start gap-3 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900">
              <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block text-lg">Ventes suspendues</strong>
                L'organisateur a suspendu la vente des billets : revenez un peu plus tard.
              </span>
            </p>
          ) : null}
          {notYetOnSale ? (
            <p className="flex items-start gap-3 rounded-xl border-l-4 border-brand-700 bg-brand-50 p-4 text-slate-900">
              <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block text-lg">Bientôt en vente</strong>
                Les billets seront en vente à partir du{' '}
                <time dateTime={ticketing.salesStartAt}>{formatEventDate(ticketing.salesStartAt)}</time>.
              </span>
            </p>
          ) : null}

          <dl className="space-y-4">
            <Fact icon={<CalendarDays className="size-5" aria-hidden="true" />} term="Date">
              <time dateTime={when.dateTime}>{when.label}</time>
            </Fact>
            <Fact icon={<MapPin className="size-5" aria-hidden="true" />} term="Lieu">
              <address className="not-italic">
                <span className="font-semibold text-slate-900">{ticketing.venue}</span>
                <br />
                {formatAddress({ address: ticketing.address, postalCode: ticketing.postalCode, city: ticketing.city })}
              </address>
            </Fact>
            <Fact icon={<UserRound className="size-5" aria-hidden="true" />} term="Organisateur">
              {variant === 'embed' ? (
                ticketing.organizer.name
              ) : (
                <AppLink to={`/organizer/${ticketing.organizer.id}`} className="font-medium">
                  {ticketing.organizer.name}
                </AppLink>
              )}
            </Fact>
          </dl>

          <div className="flex flex-wrap gap-3">
            {variant === 'embed' && !closed && !notYetOnSale ? (
              <AppLink to={ticketingPath(ticketing)} target="_blank" rel="noopener" className={buttonClass('primary')}>
                Réserver sur Guichet
                <ExternalLink className="size-5" aria-hidden="true" />
                <span className="sr-only"> (nouvel onglet)</span>
              </AppLink>
            ) : null}
            {variant === 'overlay' ? (
              <AppLink to={ticketingPath(ticketing)} className={buttonClass('secondary')}>
                Voir la page de l'événement
              </AppLink>
            ) : null}
            {!closed && variant !== 'embed' ? (
              <AppLink
                to={calendarPath(ticketing)}
                reloadDocument
                download={`${ticketingSlugId(ticketing)}.ics`}
                className={buttonClass('tertiary')}
              >
                <CalendarPlus className="size-5" aria-hidden="true" />
                Ajouter à mon agenda
              </AppLink>
            ) : null}
          </div>
        </div>
      </div>

      <section aria-labelledby={`${idPrefix}-billets`} className="space-y-4">
        <Section id={`${idPrefix}-billets`} className={sectionClass}>
          Billets
        </Section>
        <TicketProducts
          products={ticketing.products}
          closed={closed || notYetOnSale}
          headingLevel={variant === 'overlay' ? 4 : 3}
          newTab={variant === 'embed'}
        />
      </section>

      {variant === 'embed' || descriptionHtml === null ? null : (
        <section aria-labelledby={`${idPrefix}-presentation`} className="space-y-4">
          <Section id={`${idPrefix}-presentation`} className={sectionClass}>
            Présentation
          </Section>
          <RichTextHtml html={descriptionHtml} />
        </section>
      )}

      {ticketing.performers.length > 0 && variant !== 'embed' ? (
        <section aria-labelledby={`${idPrefix}-artistes`} className="space-y-4">
          <Section id={`${idPrefix}-artistes`} className={sectionClass}>
            {ticketing.performers.length > 1 ? 'Artistes' : 'Artiste'}
          </Section>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ticketing.performers.map((performer) => (
              <li key={performer.id} className="flex items-center gap-3 rounded-xl border border-slate-200 p-3">
                <VisualImage
                  visual={performer.visual}
                  className="size-14 shrink-0 rounded-full bg-slate-100 object-cover"
                />
                <div className="min-w-0">
                  {/* Artists' pages are a preview section: without it, names are not links to a 404. */}
                  {previewFeatures ? (
                    <AppLink to={`/artistes/${performer.id}`} className="font-semibold">
                      {performer.name}
                    </AppLink>
                  ) : (
                    <span className="font-semibold text-slate-900">{performer.name}</span>
                  )}
                  <p className="text-sm text-slate-700">{performer.genre}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {gallery.length > 0 && variant === 'page' ? (
        <section aria-labelledby={`${idPrefix}-images`} className="space-y-4">
          <Section id={`${idPrefix}-images`} className={sectionClass}>
            En images
          </Section>
          <ul className="grid gap-4 sm:grid-cols-2">
            {gallery.map((visual) => (
              <li key={visual.url}>
                <VisualImage
                  visual={visual}
                  described
                  className="aspect-[3/2] w-full rounded-2xl bg-slate-100 object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
