import type { OfferCard as OfferCardData } from '@guichet/contracts';
import { formatValidUntil, offerPath } from '@guichet/domain';
import { CalendarClock, MapPin } from '@guichet/ui/icons';
import { PriceTag } from '@guichet/ui/price-tag';
import { LinkCard } from '../ui/link-card';
import { DiscountBadge } from './discount-badge';

/**
 * A deal as a card: thumbnail, partner and city, last day, and its lowest price beside the original one
 * struck through, with its best discount. The whole card is one link (its title's, stretched over the card).
 */
export function OfferCard({
  offer,
  headingLevel = 3,
  priority = false,
}: {
  offer: OfferCardData;
  headingLevel?: 2 | 3;
  /** The first card of a list at the top of its page: its picture is fetched first. */
  priority?: boolean;
}) {
  return (
    <LinkCard
      visual={offer.thumbnail}
      priority={priority}
      category={offer.category}
      title={offer.title}
      to={offerPath(offer)}
      headingLevel={headingLevel}
      linkData={{ 'data-offer-link': offer.offerID }}
    >
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {offer.partnerName} · {offer.city}
        </span>
      </p>
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Jusqu’au <time dateTime={offer.validUntil}>{formatValidUntil(offer.validUntil)}</time>
        </span>
      </p>
      <div className="mt-auto pt-2">
        {offer.soldOut ? (
          <p className="font-semibold text-slate-800">Épuisé</p>
        ) : offer.lowestPrice === null ? (
          <p className="font-semibold text-slate-800">Bientôt disponible</p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <PriceTag price={offer.lowestPrice} original={offer.originalPrice} prefix="Dès" />
            <DiscountBadge discount={offer.bestDiscount} />
          </div>
        )}
      </div>
    </LinkCard>
  );
}

/** A grid of deal cards, one list item each. */
export function OfferGrid({
  offers,
  headingLevel,
  leadsPage = false,
}: {
  offers: readonly OfferCardData[];
  headingLevel?: 2 | 3;
  /** The list is the top of its page: its first picture is the page's largest, never lazy. */
  leadsPage?: boolean;
}) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {offers.map((offer, index) => (
        <li key={offer.offerID}>
          <OfferCard offer={offer} headingLevel={headingLevel} priority={leadsPage && index === 0} />
        </li>
      ))}
    </ul>
  );
}
