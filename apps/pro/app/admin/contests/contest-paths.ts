import { adminPath } from '../admin-paths';

/** The back office's section of contest games (admin-paths.ts lists it). */
export const CONTESTS_SECTION = 'jeux-concours';

export const contestPath = (id: number | string) => adminPath(`${CONTESTS_SECTION}/${id}`);

/** Paris time, to the minute: « 27/11/2026 10:42 ». */
export const WHEN = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
