/** Every visual of the demo catalogue, in a stable order: the content of visuals.json. */
import { ARTICLES } from './articles.js';
import { CONTESTS } from './contests.js';
import { OFFERS } from './offers.js';
import { ORGANIZERS } from './organizers.js';
import { PERFORMERS } from './performers.js';
import { TICKETINGS } from './ticketings.js';
import { SHARE_VISUAL, type VisualSpec } from './visuals.js';

export function buildVisualManifest(): VisualSpec[] {
  return [
    SHARE_VISUAL,
    ...TICKETINGS.flatMap((ticketing) => ticketing.visualSpecs),
    ...PERFORMERS.map((performer) => performer.visualSpec),
    ...ORGANIZERS.map((organizer) => organizer.logoSpec),
    ...OFFERS.flatMap((offer) => offer.visualSpecs),
    ...CONTESTS.map((contest) => contest.visualSpec),
    ...ARTICLES.map((article) => article.visualSpec),
  ];
}
