import type { TicketingStatus } from '@guichet/domain';

/** How the pro site names each state of a ticketing (its badges and the list's filter). */
export const STATUS_LABELS: Readonly<Record<TicketingStatus, string>> = {
  DRAFT: 'Brouillon',
  PUBLISHED: 'Publiée',
  PAUSED: 'Ventes suspendues',
  CANCELLED: 'Annulée',
};

/** The badge's colours, each with a contrast of 4.5:1 or more. */
export const STATUS_BADGE_CLASS: Readonly<Record<TicketingStatus, string>> = {
  DRAFT: 'bg-slate-100 text-slate-800',
  PUBLISHED: 'bg-green-100 text-green-900',
  PAUSED: 'bg-amber-100 text-amber-900',
  CANCELLED: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: TicketingStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_BADGE_CLASS[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
