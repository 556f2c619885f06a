import type { OfferCard } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { OfferGrid } from './offer-card';

/** A titled strip of deal cards (« À la une », « Bientôt terminés », the home page's « Bons plans »); nothing when empty. */
export function OfferStrip({
  id,
  title,
  offers,
  more,
}: {
  /** The heading's id, naming the section. */
  id: string;
  title: string;
  offers: readonly OfferCard[];
  more?: { to: string; label: string };
}) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby={id} className="container-page pt-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {more ? (
          <AppLink to={more.to} className="font-semibold">
            {more.label}
          </AppLink>
        ) : null}
      </div>
      <div className="mt-6">
        <OfferGrid offers={offers} />
      </div>
    </section>
  );
}
