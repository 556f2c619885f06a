/** Contest games (jeux-concours): their states, the bounds of a participation and how players are named. */

/** Computed from the game's dates, never stored: UPCOMING before it starts, OPEN until it ends, then CLOSED. */
export const CONTEST_STATES = ['UPCOMING', 'OPEN', 'CLOSED'] as const;
export type ContestState = (typeof CONTEST_STATES)[number];

export const CONTEST_STATE_LABELS: Readonly<Record<ContestState, string>> = {
  UPCOMING: 'À venir',
  OPEN: 'En cours',
  CLOSED: 'Terminé',
};

/** The game is open from `startsAt` included to `endsAt` excluded. */
export function contestStateAt(period: { startsAt: Date; endsAt: Date }, now: Date): ContestState {
  if (now.getTime() < period.startsAt.getTime()) return 'UPCOMING';
  if (now.getTime() < period.endsAt.getTime()) return 'OPEN';
  return 'CLOSED';
}

/**
 * Scores, tie-break distances and ranks are made public once the game is closed, never while it runs: from
 * one answer and its distance anyone works out the tie-break's value, and a second account wins the
 * tie-break (docs/decisions/0046). Until then a participation is only « enregistrée ».
 */
export function contestResultsPublished(state: ContestState): boolean {
  return state === 'CLOSED';
}

/** Listing order: open games first, then upcoming, then closed. */
export const CONTEST_STATE_ORDER: Readonly<Record<ContestState, number>> = { OPEN: 0, UPCOMING: 1, CLOSED: 2 };

/** The tie-break estimate is a whole number in these bounds (a count of people, of kilometres…). */
export const CONTEST_TIE_BREAK_MIN = 0;
export const CONTEST_TIE_BREAK_MAX = 1_000_000;

/** Rows of one ranking page. */
export const CONTEST_RANKING_PAGE_SIZE = 20;

/**
 * « Camille M. »: how a player appears in public (ranking, winners), never the full last name.
 */
export function publicPlayerName(firstname: string, lastname: string): string {
  const initial = [...lastname.trim()][0];
  return initial ? `${firstname.trim()} ${initial.toLocaleUpperCase('fr-FR')}.` : firstname.trim();
}

/**
 * A random draw that can be checked afterwards: the same seed and the same players (ids, any order) always
 * give the same winners. The seed (a string, stored with the draw) is hashed to 32 bits (FNV-1a), which seeds
 * a Mulberry32 generator; the players sorted by id are shuffled by Fisher–Yates and the first `count` win,
 * in that order (rank 1 first). Uniform among players; not a cryptographic choice — the seed itself comes
 * from the platform's cryptographic generator, and is published in the draw's audit trail.
 */
export function seededDraw<T extends number>(seed: string, players: readonly T[], count: number): T[] {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let state = hash;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const order = [...players].sort((a, b) => a - b);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [order[index], order[other]] = [order[other] as T, order[index] as T];
  }
  return order.slice(0, Math.max(0, count));
}
