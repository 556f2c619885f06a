/** How a ticketing's cancellation is followed on its page (issue 26): started or not, and its progress said. */
import type { CancellationProgress } from '@guichet/contracts';
import type { TicketingStatus } from '@guichet/domain';

/** The longest message to buyers: CancelTicketingBody's `message`. */
export const CANCEL_MESSAGE_MAX = 2000;

/** Once cancelled (or its refunds under way) the page follows the refunds instead of offering the form. */
export function cancellationStarted(status: TicketingStatus, progress: Pick<CancellationProgress, 'status'>): boolean {
  return status === 'CANCELLED' || progress.status !== 'NONE';
}

/** « 3 commandes remboursées sur 3 » (French: 0 and 1 are singular), then whether it is over. */
export function cancellationProgressText(progress: CancellationProgress): string {
  if (progress.total === 0) return 'Aucune commande payée à rembourser.';
  const done = progress.succeeded;
  const counted = `${done} commande${done > 1 ? 's' : ''} remboursée${done > 1 ? 's' : ''} sur ${progress.total}`;
  return progress.status === 'DONE' ? `${counted}. Annulation terminée.` : `${counted}…`;
}
