/**
 * The online check of one code at the door (docs/decisions/0065): a signed `GU1:` code (verified here with the
 * organiser's public key), or a printed code typed by hand or read from a QR printed before signed codes. The
 * verdict is the domain's one rule (`doorVerdict`), the same a phone applies offline; it is recorded as a
 * check-in under the phone's nonce, so that the same scan sent twice (a retry) gets the same answer once.
 */
import { verify } from 'node:crypto';
import type { DoorScanAnswer } from '@guichet/contracts';
import {
  type DoorScope,
  type DoorVerdict,
  doorVerdict,
  doorVerdictText,
  normaliseTypedCode,
  parseTicketQr,
  type RevokedReason,
  TICKET_QR_PREFIX,
} from '@guichet/domain/door';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import type { CheckInContext } from './check-ins.js';
import { settleTickets } from './check-ins.js';
import { verificationKey } from './keys.js';
import { isoOf } from './scope.js';

type ScannedTicket = {
  id: number;
  holder: string;
  product: string;
  ticketingId: number | null;
  offerId: number | null;
  revokedReason: RevokedReason | null;
  scannedAt: string | null;
  gate: string | null;
};

/** The ticket `where` names (alias `t`), with what the door shows of it; locked when `lock`. */
async function findTicket(db: Database, where: SQL, lock: boolean): Promise<ScannedTicket | null> {
  const [row] = await rowsOf<ScannedTicket>(
    db,
    sql`SELECT t.id, t.holder_name AS holder, p.title AS product, p.ticketing_id AS "ticketingId",
          p.offer_id AS "offerId", t.revoked_reason AS "revokedReason",
          ${isoOf(sql`t.scanned_at`)} AS "scannedAt", t.scanned_gate AS gate
        FROM ticket t
          JOIN order_item oi ON oi.id = t.order_item_id
          JOIN product p ON p.id = oi.product_id
          JOIN "order" o ON o.id = oi.order_id
        WHERE (${where}) AND o.status IN ('PAID', 'REFUNDED')
        ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  return row ?? null;
}

const scopeOfTicket = (ticket: ScannedTicket): DoorScope =>
  ticket.ticketingId === null
    ? { kind: 'VOUCHER', id: ticket.offerId as number }
    : { kind: 'TICKET', id: ticket.ticketingId };

const sameScope = (a: DoorScope, b: DoorScope) => a.kind === b.kind && a.id === b.id;

function answerOf(verdict: DoorVerdict, ticketId: number | null): DoorScanAnswer {
  const answer: DoorScanAnswer = { verdict: verdict.verdict, text: doorVerdictText(verdict), ticketId };
  if (verdict.verdict === 'VALID') return { ...answer, product: verdict.product, holder: verdict.holder };
  if (verdict.verdict === 'ALREADY_SCANNED') {
    const scannedAt = verdict.scannedAt instanceof Date ? verdict.scannedAt.toISOString() : verdict.scannedAt;
    return { ...answer, scannedAt, gate: verdict.gate };
  }
  return answer;
}

/** What the code is: a ticket to look up (by id once its signature holds, or by printed code), or a verdict already. */
type Identified = { verdict: DoorVerdict } | { where: SQL; signedScope: DoorScope | null };

async function identify(db: Database, scope: CheckInContext['scope'], code: string): Promise<Identified> {
  const text = code.trim();
  const parsed = parseTicketQr(text);
  if (parsed) {
    const key = await verificationKey(db, parsed.keyId);
    if (!key || !verify(null, parsed.signed, key.key, parsed.signature)) return { verdict: { verdict: 'INVALID' } };
    // A genuine code of another organiser, or of another of this one's events or deals.
    if (key.organizerId !== scope.organizerId) return { verdict: { verdict: 'OTHER_EVENT' } };
    const signedScope: DoorScope = { kind: parsed.kind, id: parsed.scopeId };
    if (!sameScope(signedScope, scope)) return { verdict: { verdict: 'OTHER_EVENT' } };
    return { where: sql`t.id = ${parsed.ticketId}`, signedScope };
  }
  // A signed code that does not parse is damaged or forged: it is not looked up as a typed one.
  if (text.toUpperCase().startsWith(TICKET_QR_PREFIX)) return { verdict: { verdict: 'INVALID' } };
  const typed = normaliseTypedCode(text);
  if (!typed) return { verdict: { verdict: 'INVALID' } };
  return { where: sql`t.code = ${typed}`, signedScope: null };
}

/** The answer already given to this nonce, rebuilt from its check-in; null when the nonce is new. */
async function answerGiven(db: Database, nonce: string): Promise<DoorScanAnswer | null> {
  const [checkIn] = await rowsOf<{ ticketId: number; verdict: DoorVerdict['verdict']; at: string; gate: string }>(
    db,
    sql`SELECT ticket_id AS "ticketId", local_verdict AS verdict, ${isoOf(sql`scanned_at`)} AS at, gate
        FROM check_in WHERE nonce = ${nonce}::uuid`,
  );
  if (!checkIn) return null;
  const ticket = await findTicket(db, sql`t.id = ${checkIn.ticketId}`, false);
  if (!ticket) return answerOf({ verdict: 'UNKNOWN' }, null);
  switch (checkIn.verdict) {
    case 'VALID':
      return answerOf({ verdict: 'VALID', product: ticket.product, holder: ticket.holder }, ticket.id);
    case 'ALREADY_SCANNED':
      return answerOf(
        { verdict: 'ALREADY_SCANNED', scannedAt: ticket.scannedAt ?? checkIn.at, gate: ticket.gate ?? checkIn.gate },
        ticket.id,
      );
    default:
      return answerOf({ verdict: checkIn.verdict }, ticket.id);
  }
}

/**
 * Checks a code at a gate of `scope` and records the check-in when it names a ticket of the scope. The ticket is
 * locked while its verdict is decided and written: two gates scanning the same ticket at once cannot both be
 * told VALID.
 */
export async function scanAtDoor(
  db: Database,
  context: CheckInContext,
  { code, nonce }: { code: string; nonce: string },
): Promise<DoorScanAnswer> {
  const given = await answerGiven(db, nonce);
  if (given) return given;
  const identified = await identify(db, context.scope, code);
  if ('verdict' in identified) return answerOf(identified.verdict, null);

  const answer = await db.transaction(async (tx) => {
    const ticket = await findTicket(tx, identified.where, true);
    if (!ticket) return answerOf({ verdict: 'UNKNOWN' }, null);
    const ticketScope = scopeOfTicket(ticket);
    // A signature over a ticket of another scope: the code was not made by us.
    if (identified.signedScope && !sameScope(identified.signedScope, ticketScope)) {
      return answerOf({ verdict: 'INVALID' }, null);
    }
    const verdict = doorVerdict({
      ticket: {
        scope: ticketScope,
        product: ticket.product,
        holder: ticket.holder,
        revokedReason: ticket.revokedReason,
      },
      scope: context.scope,
      firstScan: ticket.scannedAt === null ? null : { scannedAt: ticket.scannedAt, gate: ticket.gate ?? '' },
    });
    if (verdict.verdict === 'OTHER_EVENT') return answerOf(verdict, null);

    const inserted = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO check_in (nonce, ticket_id, organizer_id, scope_kind, scope_id, user_id, device_id, gate,
            scanned_at, local_verdict)
          VALUES (${nonce}::uuid, ${ticket.id}, ${context.scope.organizerId}, ${context.scope.kind}, ${context.scope.id},
            ${context.userId}, ${context.deviceId}, ${context.gate}, now(), ${verdict.verdict})
          ON CONFLICT (nonce) DO NOTHING
          RETURNING id`,
    );
    // The same nonce recorded in between (a retry racing the first request): that answer stands.
    if (inserted.length === 0) return null;
    if (verdict.verdict === 'VALID') await settleTickets(tx, [ticket.id]);
    return answerOf(verdict, ticket.id);
  });
  return answer ?? (await answerGiven(db, nonce)) ?? answerOf({ verdict: 'UNKNOWN' }, null);
}
