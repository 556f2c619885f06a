import type { OfferCard as OfferCardData } from '@guichet/contracts';
import { formatValidUntil, offerPath } from '@guichet/domain';
import { CalendarClock, MapPin } from 'lucide-react';
import { AppLink } from '../ui/app-link';
import { PriceTag } from '../ui/price-tag';
import { VisualImage } from '../ui/visual-image';
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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm card-focus transition-shadow hover:shadow-md">
      <VisualImage
        visual={offer.thumbnail}
        priority={priority}
        className="aspect-[3/2] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{offer.category}</p>
        <Heading className="text-lg font-bold leading-snug text-slate-900">
          <AppLink
            to={offerPath(offer)}
            data-offer-link={offer.offerID}
            className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {offer.title}
          </AppLink>
        </Heading>
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
      </div>
    </article>
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
