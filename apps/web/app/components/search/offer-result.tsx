import type { OfferCard } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { offerPath } from '../../lib/catalogue-paths';
import { AppLink } from '../ui/app-link';
import { VisualImage } from '../ui/visual-image';

/**
 * A deal among the site search's results: a small card, the whole card its title's link. Minimal on
 * purpose (title, partner, city, price): the deals pages have the full card, which this may become.
 */
export function OfferResult({ offer }: { offer: OfferCard }) {
  const discounted =
    offer.lowestPrice !== null && offer.originalPrice !== null && offer.originalPrice > offer.lowestPrice;
  return (
    <article className="relative flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm card-focus transition-shadow hover:shadow-md">
      <VisualImage visual={offer.thumbnail} className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-bold leading-snug text-slate-900">
          <AppLink
            to={offerPath(offer)}
            className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {offer.title}
          </AppLink>
        </h3>
        <p className="text-sm text-slate-700">
          {offer.partnerName} · {offer.city}
        </p>
        <p className="mt-auto text-slate-900">
          {offer.soldOut ? (
            <span className="font-semibold text-slate-700">Épuisé</span>
          ) : offer.lowestPrice === null ? null : (
            <>
              <span className="font-bold">Dès {formatPrice(offer.lowestPrice)}</span>
              {discounted && offer.originalPrice !== null ? (
                <>
                  {' '}
                  <del className="text-sm text-slate-700">
                    <span className="sr-only">au lieu de </span>
                    {formatPrice(offer.originalPrice)}
                  </del>
                </>
              ) : null}
            </>
          )}
        </p>
      </div>
    </article>
  );
}
