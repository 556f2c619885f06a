/**
 * At this many left or fewer, a product says how many remain (« Plus que N »). A module of its own: the
 * ticketing page's ticket list needs the number, not the price tag's component (a chunk of its own).
 */
export const FEW_LEFT = 10;
