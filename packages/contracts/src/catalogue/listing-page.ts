import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { queryId } from '../ids.js';
import { CountryPeriodsAnswer } from './country-periods.js';
import { TicketingDetail } from './get-ticketing.js';
import { CountryNavigation } from './list-countries.js';
import { checkListingPeriod, LISTING_FILTERS, TicketingPage } from './list-ticketings.js';

export const ListingPageQuery = z
  .object({
    ...LISTING_FILTERS,
    ticketing: queryId(
      'Billetterie ouverte par-dessus le listing (son identifiant) : elle est jointe à la réponse.',
    ).optional(),
  })
  .superRefine(checkListingPeriod);
export type ListingPageQuery = z.output<typeof ListingPageQuery>;

export const ListingPageAnswer = z.object({
  countries: z.array(CountryNavigation).describe('La navigation des pays et villes (GET /countries).'),
  periods: CountryPeriodsAnswer.nullable().describe(
    'Les périodes du pays demandé (GET /countries/{pays}/periods), sans pays null.',
  ),
  page: TicketingPage.describe('La page de billetteries (GET /ticketings).'),
  ticketing: TicketingDetail.nullable().describe('La billetterie ouverte (`ticketing`), sinon null.'),
});
export type ListingPageAnswer = z.infer<typeof ListingPageAnswer>;

/** Everything the listing page of the site shows, in one call (issue 13: one API call per page). */
export const getListingPage = defineEndpoint({
  method: 'GET',
  path: '/listing-page',
  summary:
    'Tout ce qu’affiche un listing de billetteries en un appel : navigation des pays, périodes du pays, page de billetteries et billetterie ouverte.',
  tags: ['catalogue'],
  query: ListingPageQuery,
  responses: { 200: ListingPageAnswer, 400: ErrorAnswer, 404: ErrorAnswer },
});
