/**
 * A batch of check-ins as the phone posts it to the pro site (`…/passages`). The pro site takes forms only,
 * at most 64 KB (its door, @guichet/ui read-form.server), so a batch travels as one compact field rather than
 * JSON: per check-in `<nonce, 32 hex>.<ticket id, base 36>.<scannedAt in ms, base 36>.<verdict's index>`, joined
 * by `_` — characters a urlencoded form carries as they are. 1,000 check-ins (CHECK_IN_BATCH_MAX) take at most
 * 52 KB. The pro site reads it back and hands the API the contract's JSON batch, checked by its schema.
 */
import { DOOR_VERDICTS, type DoorVerdictCode } from '@guichet/domain/door';

export interface CheckInLine {
  nonce: string;
  ticketId: number;
  scannedAt: string;
  localVerdict: DoorVerdictCode;
}

const LINE = /^([0-9a-f]{32})\.([0-9a-z]{1,7})\.([0-9a-z]{1,9})\.([0-9])$/;

export function encodeCheckIns(lines: CheckInLine[]): string {
  return lines
    .map(
      (line) =>
        `${line.nonce.replace(/-/g, '')}.${line.ticketId.toString(36)}.${new Date(line.scannedAt).getTime().toString(36)}.${DOOR_VERDICTS.indexOf(line.localVerdict)}`,
    )
    .join('_');
}

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The check-ins of a posted field, or null when it is not one (the contract's schema checks the rest). */
export function decodeCheckIns(field: string): CheckInLine[] | null {
  if (field === '') return [];
  const lines: CheckInLine[] = [];
  for (const part of field.split('_')) {
    const match = LINE.exec(part);
    if (!match) return null;
    const [, hex, ticket, at, verdict] = match as unknown as [string, string, string, string, string];
    const scannedAt = new Date(Number.parseInt(at, 36));
    const localVerdict = DOOR_VERDICTS[Number(verdict)];
    if (Number.isNaN(scannedAt.getTime()) || !localVerdict) return null;
    lines.push({
      nonce: uuidOf(hex),
      ticketId: Number.parseInt(ticket, 36),
      scannedAt: scannedAt.toISOString(),
      localVerdict,
    });
  }
  return lines;
}
