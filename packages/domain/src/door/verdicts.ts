import { formatTime } from '../catalogue/dates.js';

/** What the door answers for a code: one green, the rest red. Stored with each check-in (`local_verdict`). */
export const DOOR_VERDICTS = [
  'VALID',
  'ALREADY_SCANNED',
  'REFUNDED',
  'CANCELLED',
  'WITHDRAWN',
  'OTHER_EVENT',
  'INVALID',
  'UNKNOWN',
] as const;
export type DoorVerdictCode = (typeof DOOR_VERDICTS)[number];

export type DoorVerdict =
  | { verdict: 'VALID'; product: string; holder: string }
  /** `gate` is the gate's name as its phone set it (« B »); `scannedAt` the first scan's instant. */
  | { verdict: 'ALREADY_SCANNED'; scannedAt: Date | string; gate: string }
  | { verdict: Exclude<DoorVerdictCode, 'VALID' | 'ALREADY_SCANNED'> };

type VerdictOf<C extends DoorVerdictCode> = Extract<DoorVerdict, { verdict: C }>;

/** The French words of each verdict, full screen at the door: functions where they carry the ticket's data. */
export const DOOR_VERDICT_TEXTS: { [C in DoorVerdictCode]: (verdict: VerdictOf<C>) => string } = {
  VALID: ({ product, holder }) => `Valide — ${product}, ${holder}`,
  // Paris time whatever the phone's zone: the gates and the organiser read the same hour.
  ALREADY_SCANNED: ({ scannedAt, gate }) => `Déjà scanné à ${formatTime(scannedAt)} (porte ${gate})`,
  REFUNDED: () => 'Billet remboursé',
  CANCELLED: () => 'Événement annulé',
  WITHDRAWN: () => 'Bon rétracté',
  OTHER_EVENT: () => 'Autre événement',
  INVALID: () => 'Code invalide',
  UNKNOWN: () => 'Code inconnu',
};

export function doorVerdictText(verdict: DoorVerdict): string {
  return (DOOR_VERDICT_TEXTS[verdict.verdict] as (verdict: DoorVerdict) => string)(verdict);
}

/** Only a valid code lets its holder in; the screen turns green for it alone. */
export function admits(verdict: DoorVerdict): verdict is VerdictOf<'VALID'> {
  return verdict.verdict === 'VALID';
}
