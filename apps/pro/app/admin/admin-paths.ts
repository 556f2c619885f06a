/**
 * The back office's pages (issue 27), for platform administrators only: /admin/… on the pro site. Every section
 * is listed here once, in the navigation's order; each area's pages are declared by its own routes module.
 */
export const ADMIN_HOME = '/admin';

export const adminPath = (section = '') => (section ? `${ADMIN_HOME}/${section}` : ADMIN_HOME);

/** The sections of the back office, in the navigation's order. */
export const ADMIN_SECTIONS = [
  { section: '', label: 'Journal' },
  { section: 'bons-plans', label: 'Bons plans' },
  { section: 'partenaires', label: 'Partenaires' },
  { section: 'jeux-concours', label: 'Jeux-concours' },
  { section: 'magazine', label: 'Le Mag' },
  { section: 'questionnaires', label: 'Questionnaires' },
  { section: 'redirections', label: 'Redirections' },
] as const;
