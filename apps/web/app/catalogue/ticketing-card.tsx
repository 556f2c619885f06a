import type { TicketingSummary } from '@guichet/contracts';
import { cardEventDate, eventTiming, formatPrice } from '@guichet/domain';
import { CalendarDays, MapPin } from '@guichet/ui/icons';
import { useNow } from '../lib/hooks/use-now';
import { LinkCard } from '../ui/link-card';

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

/** A card's date: the start, or « jusqu’au … » for an event already running. */
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

/** What a card shows of a ticketing: its link (id, slug), its picture, category, title, dates, place and price. */
export type TicketingCardData = Pick<
  TicketingSummary,
  'id' | 'slug' | 'title' | 'category' | 'startsAt' | 'endsAt' | 'venue' | 'city' | 'lowestPrice' | 'thumbnail'
>;

/**
 * A ticketing cut down to what its card shows, for the loaders of pages of cards: whatever a loader returns is
 * encoded into the page's hydration data and sent to every visitor, and the summary, the city's slug and the
 * country are never shown on a card (issue 23: a quarter of the listing's data went to the browser for
 * nothing, encoded on every uncached request).
 */
export function cardDataOf(ticketing: TicketingCardData): TicketingCardData {
  const { id, slug, title, category, startsAt, endsAt, venue, city, lowestPrice, thumbnail } = ticketing;
  return { id, slug, title, category, startsAt, endsAt, venue, city, lowestPrice, thumbnail };
}

/** A ticketing as a card (the kit's LinkCard): its date, its place and its price from. */
export function TicketingCard({
  ticketing,
  to,
  headingLevel = 3,
  preventScrollReset,
  now,
  priority = false,
}: {
  ticketing: TicketingCardData;
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
  return (
    <LinkCard
      visual={ticketing.thumbnail}
      priority={priority}
      category={ticketing.category}
      title={ticketing.title}
      to={to}
      headingLevel={headingLevel}
      preventScrollReset={preventScrollReset}
      linkData={{ 'data-ticketing-link': ticketing.id }}
    >
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
    </LinkCard>
  );
}

/** A grid of cards, one list item each. */
export function TicketingGrid<Card extends TicketingCardData>({
  ticketings,
  linkFor,
  headingLevel,
  preventScrollReset,
  leadsPage = false,
}: {
  ticketings: readonly Card[];
  linkFor: (ticketing: Card) => string;
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
