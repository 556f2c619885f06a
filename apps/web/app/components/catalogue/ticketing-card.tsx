import type { TicketingSummary } from '@guichet/contracts';
import { cardEventDate, eventTiming, formatPrice } from '@guichet/domain';
import { CalendarDays, MapPin } from 'lucide-react';
import { useNow } from '../../lib/hooks/use-now';
import { AppLink } from '../ui/app-link';
import { VisualImage } from '../ui/visual-image';

/** « Dès 12 € », or what to say when no ticket is on sale. */
export function lowestPriceLabel(lowestPrice: number | null): string {
  if (lowestPrice === null) return 'Billets bientôt en vente';
  return lowestPrice === 0 ? 'Gratuit' : `Dès ${formatPrice(lowestPrice)}`;
}

/** What a card says under its place: the price from, or that the event is over (nothing left to buy). */
export function cardPriceLabel(ticketing: Pick<TicketingSummary, 'startsAt' | 'endsAt' | 'lowestPrice'>, now: number) {
  if (eventTiming(ticketing.startsAt, ticketing.endsAt, now) === 'ended') return 'Événement terminé';
  return lowestPriceLabel(ticketing.lowestPrice);
}

/** A card's date: the start, or « jusqu'au … » for an event already running. */
export function CardEventDate({
  ticketing,
  now,
}: {
  ticketing: Pick<TicketingSummary, 'startsAt' | 'endsAt'>;
  now: number;
}) {
  const date = cardEventDate(ticketing, now);
  return <time dateTime={date.dateTime}>{date.label}</time>;
}

/**
 * A ticketing as a card: the whole card is one link (its title's, stretched over the card), so it is one tab
 * stop and reads as its title. The thumbnail is decorative here: the title says what it shows.
 */
export function TicketingCard({
  ticketing,
  to,
  headingLevel = 3,
  preventScrollReset,
  now,
  priority = false,
}: {
  ticketing: TicketingSummary;
  /** Where the card leads: the ticketing's page, or the ticketing opened over the listing. */
  to: string;
  headingLevel?: 2 | 3;
  preventScrollReset?: boolean;
  /** The instant the card is dated from; the request's by default. */
  now?: number;
  /** The first card of a list at the top of its page: its picture is the page's largest, fetched first. */
  priority?: boolean;
}) {
  const requestNow = useNow();
  const at = now ?? requestNow;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm card-focus transition-shadow hover:shadow-md">
      <VisualImage
        visual={ticketing.thumbnail}
        priority={priority}
        className="aspect-[3/2] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{ticketing.category}</p>
        <Heading className="text-lg font-bold leading-snug text-slate-900">
          <AppLink
            to={to}
            data-ticketing-link={ticketing.id}
            preventScrollReset={preventScrollReset}
            className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {ticketing.title}
          </AppLink>
        </Heading>
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <CardEventDate ticketing={ticketing} now={at} />
        </p>
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {ticketing.venue} · {ticketing.city}
          </span>
        </p>
        <p className="mt-auto pt-2 font-semibold text-slate-900">{cardPriceLabel(ticketing, at)}</p>
      </div>
    </article>
  );
}

/** A grid of cards, one list item each. */
export function TicketingGrid({
  ticketings,
  linkFor,
  headingLevel,
  preventScrollReset,
  leadsPage = false,
}: {
  ticketings: TicketingSummary[];
  linkFor: (ticketing: TicketingSummary) => string;
  headingLevel?: 2 | 3;
  preventScrollReset?: boolean;
  /** The list is the top of its page: its first picture is the page's largest, never lazy. */
  leadsPage?: boolean;
}) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {ticketings.map((ticketing, index) => (
        <li key={ticketing.id}>
          <TicketingCard
            ticketing={ticketing}
            to={linkFor(ticketing)}
            headingLevel={headingLevel}
            preventScrollReset={preventScrollReset}
            priority={leadsPage && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
