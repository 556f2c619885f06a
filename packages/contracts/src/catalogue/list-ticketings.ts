import { daysInMonth } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { queryId, RowId } from '../ids.js';
import { BoundedInstant, CalendarYear, IsoDate, pageSizeOf, text } from '../text.js';
import { Category, CitySlug, CountrySlug, SearchText, TicketingSummary } from './shared.js';

export const TICKETINGS_PAGE_SIZE = { default: 20, max: 50 } as const;

/** The filters of a listing: also those of the listing page (listing-page.ts), which adds the opened ticketing. */
export const LISTING_FILTERS = {
  country: CountrySlug.optional().describe('Pays : france, belgique ou suisse.'),
  year: CalendarYear.optional().describe('Année de début (heure de Paris).'),
  month: z.coerce.number().int().min(1).max(12).optional().describe('Mois de début, 1 à 12 ; demande l’année.'),
  day: z.coerce.number().int().min(1).max(31).optional().describe('Jour de début ; demande le mois.'),
  city: CitySlug.optional().describe('Identifiant de la ville (citySlug).'),
  category: Category.optional().describe('Catégorie, telle qu’affichée (ex. Théâtre).'),
  performer: queryId('Identifiant d’un artiste.').optional(),
  organizer: queryId('Identifiant d’un organisateur.').optional(),
  q: SearchText.optional().describe('Texte cherché dans le titre, sans tenir compte des accents ni des majuscules.'),
  from: IsoDate.optional().describe(
    'Billetteries encore en cours à partir de ce jour. Sans période ni date : celles qui ne sont pas terminées.',
  ),
  cursor: text({ max: 200, asTyped: true }).optional().describe('Curseur de la page suivante (nextCursor).'),
  limit: pageSizeOf(TICKETINGS_PAGE_SIZE, 'Billetteries'),
};

/** A month needs its year, a day its month, and the day must exist in that month. */
export function checkListingPeriod(
  query: { year?: number | undefined; month?: number | undefined; day?: number | undefined },
  context: z.RefinementCtx,
): void {
  if (query.month !== undefined && query.year === undefined)
    context.addIssue({ code: 'custom', path: ['month'], message: 'Le mois demande aussi l’année.' });
  if (query.day !== undefined && query.month === undefined)
    context.addIssue({ code: 'custom', path: ['day'], message: 'Le jour demande aussi le mois.' });
  if (query.day !== undefined && query.month !== undefined && query.year !== undefined) {
    const length = daysInMonth(query.year, query.month);
    if (query.day > length)
      context.addIssue({
        code: 'custom',
        path: ['day'],
        message: `Le mois ${String(query.month).padStart(2, '0')}/${query.year} n’a que ${length} jours.`,
      });
  }
}

export const ListTicketingsQuery = z.object(LISTING_FILTERS).superRefine(checkListingPeriod);
export type ListTicketingsQuery = z.output<typeof ListTicketingsQuery>;

/**
 * What a listing cursor carries once decoded (base64url JSON): the sort key and id of the last card served,
 * held to the same bounds as any date the API reads.
 */
export const ListingCursor = z.strictObject({
  startsAt: BoundedInstant,
  id: RowId,
});
export type ListingCursor = z.infer<typeof ListingCursor>;

export const TicketingPage = z.object({
  items: z.array(TicketingSummary),
  nextCursor: z.string().nullable().describe('À passer en `cursor` pour la page suivante ; null à la dernière.'),
});
export type TicketingPage = z.infer<typeof TicketingPage>;

export const listTicketings = defineEndpoint({
  method: 'GET',
  path: '/ticketings',
  summary: 'Billetteries publiées, par pays, période, ville, catégorie, artiste, organisateur ou titre.',
  tags: ['catalogue'],
  query: ListTicketingsQuery,
  responses: { 200: TicketingPage, 400: ErrorAnswer },
});
