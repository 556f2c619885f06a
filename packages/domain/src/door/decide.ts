import type { RefundReason } from '../after-sale.js';
import type { TicketQrKind } from './ticket-qr.js';
import type { DoorVerdict } from './verdicts.js';

/**
 * Why a ticket was revoked (the refund's reason) and what the door says of it. A postponement refund is a
 * refund the buyer asked for: « Billet remboursé ».
 */
export const REVOKED_VERDICTS = {
  ORGANIZER: 'REFUNDED',
  CANCELLATION: 'CANCELLED',
  POSTPONEMENT: 'REFUNDED',
  WITHDRAWAL: 'WITHDRAWN',
} as const satisfies Record<RefundReason, DoorVerdict['verdict']>;
/** The refund's reasons, one closed set: a new reason fails to compile here until the door has its word. */
export type RevokedReason = RefundReason;

/**
 * What a door controls: a ticketing's tickets or an offer's vouchers. The kind is part of it because a
 * ticketing and an offer may share a number.
 */
export interface DoorScope {
  kind: TicketQrKind;
  id: number;
}

export interface DoorTicket {
  scope: DoorScope;
  /** The product's title (« Catégorie 1 ») and the holder's name, shown on a green screen. */
  product: string;
  holder: string;
  revokedReason: RevokedReason | null;
}

/** The check-in that won for this ticket: the first valid scan, by the scanning device's clock. */
export interface DoorScan {
  scannedAt: Date | string;
  gate: string;
}

/**
 * The door's one rule, the same on the API and on an offline phone: no ticket → unknown; another scope →
 * another event (before revocation: a holder at the wrong door needs to hear that first); revoked → why;
 * scanned before → when and where; otherwise valid. A code that fails to parse or verify is INVALID before
 * any lookup, so it never reaches here.
 */
export function doorVerdict({
  ticket,
  scope,
  firstScan,
}: {
  ticket: DoorTicket | null;
  scope: DoorScope;
  firstScan: DoorScan | null;
}): DoorVerdict {
  if (!ticket) return { verdict: 'UNKNOWN' };
  if (ticket.scope.kind !== scope.kind || ticket.scope.id !== scope.id) return { verdict: 'OTHER_EVENT' };
  if (ticket.revokedReason) return { verdict: REVOKED_VERDICTS[ticket.revokedReason] };
  if (firstScan) return { verdict: 'ALREADY_SCANNED', scannedAt: firstScan.scannedAt, gate: firstScan.gate };
  return { verdict: 'VALID', product: ticket.product, holder: ticket.holder };
}
