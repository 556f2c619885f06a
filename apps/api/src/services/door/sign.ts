/**
 * The signed code a ticket's or a voucher's QR carries (docs/decisions/0064): Ed25519 is deterministic, so the
 * code is derived again at each PDF render and nothing is stored per ticket.
 */
import { sign } from 'node:crypto';
import { encodeTicketQr, signedPart, type TicketQrKind } from '@guichet/domain/door';
import type { Database } from '../../db/client.js';
import { activeSigningKey } from './keys.js';

export type SignedCodeFields = {
  kind: TicketQrKind;
  /** Whose key signs: the ticketing's organiser, or the offer's partner organiser. */
  organizerId: number;
  /** The ticketing (TICKET) or the offer (VOUCHER). */
  scopeId: number;
  ticketId: number;
};

/** `GU1:…`, signed with the organiser's active key (made on first need). */
export async function signedTicketCode(
  db: Database,
  { kind, organizerId, scopeId, ticketId }: SignedCodeFields,
): Promise<string> {
  const { id: keyId, key } = await activeSigningKey(db, organizerId);
  const fields = { kind, keyId, scopeId, ticketId };
  return encodeTicketQr(fields, sign(null, signedPart(fields), key));
}
