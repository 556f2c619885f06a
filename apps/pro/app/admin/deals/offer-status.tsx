import type { AdminOffer } from '@guichet/contracts';
import { OFFER_STATUS_LABELS, type OfferStatus, type OfferStatusAction } from '@guichet/domain';
import { Link } from 'react-router';
import { dealsPath } from './deal-fields';

/** The badge's colours, each with a contrast of 4.5:1 or more. */
const BADGE_CLASS: Readonly<Record<OfferStatus, string>> = {
  DRAFT: 'bg-slate-100 text-slate-800',
  PUBLISHED: 'bg-green-100 text-green-900',
  PAUSED: 'bg-amber-100 text-amber-900',
  ENDED: 'bg-red-100 text-red-900',
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${BADGE_CLASS[status]}`}>
      {OFFER_STATUS_LABELS[status]}
    </span>
  );
}

/** The status buttons each status offers, with what their confirmation says. ENDED is for good. */
export const OFFER_STATUS_CHANGES: Record<OfferStatus, { to: OfferStatusAction; label: string; confirm: string }[]> =
  (() => {
    const publish = {
      to: 'PUBLISHED' as const,
      label: 'Publier',
      confirm: 'Publier le bon plan ? Il sera trouvé par la recherche et en vente sur le site aussitôt.',
    };
    const pause = {
      to: 'PAUSED' as const,
      label: 'Mettre en pause',
      confirm: 'Mettre le bon plan en pause ? Il quitte la recherche et n’est plus en vente jusqu’à sa republication.',
    };
    const end = {
      to: 'ENDED' as const,
      label: 'Terminer maintenant',
      confirm: 'Terminer le bon plan maintenant ? Sa validité s’arrête aussitôt ; il ne pourra plus être republié.',
    };
    return { DRAFT: [publish, end], PUBLISHED: [pause, end], PAUSED: [publish, end], ENDED: [] };
  })();

/** The top of an offer's pages: the way back to the list, its title and status, and its pages. */
export function OfferHeader({
  offer,
  current,
  publicBase,
}: {
  offer: Pick<AdminOffer, 'id' | 'title' | 'status' | 'publicPath' | 'products'>;
  current: 'informations' | 'produits';
  /** The public site's address: a link to the offer's public page once it is not a draft. */
  publicBase?: string;
}) {
  return (
    <>
      <p>
        <Link to={dealsPath()} className="underline">
          Bons plans
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{offer.title}</h1>
        <OfferStatusBadge status={offer.status} />
      </div>
      <nav aria-label="Pages du bon plan" className="flex flex-wrap gap-4 text-sm font-medium">
        <Link to={dealsPath(offer.id)} aria-current={current === 'informations' ? 'page' : undefined}>
          Informations
        </Link>
        <Link to={dealsPath(offer.id, 'produits')} aria-current={current === 'produits' ? 'page' : undefined}>
          Produits ({offer.products.length})
        </Link>
        {publicBase !== undefined && offer.status !== 'DRAFT' ? (
          <a href={`${publicBase}${offer.publicPath}`} target="_blank" rel="noopener noreferrer">
            Page publique (nouvel onglet)
          </a>
        ) : null}
      </nav>
    </>
  );
}
