import { OFFER_STATUS_LABELS, type OfferStatus, type OfferStatusAction } from '@guichet/domain';

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
