/** The pages of artists and deals (a ticketing's is `ticketingPath` in @guichet/domain). */
import { ticketingSlugId } from '@guichet/domain';

/** An artist's page: '/artistes/12' (the route takes the number only). */
export function performerPath({ id }: { id: number }): string {
  return `/artistes/${id}`;
}

/** A deal's page, slug and id as for ticketings: '/bons-plans/offer/diner-croisiere-3'. */
export function offerPath({ slug, offerID }: { slug: string; offerID: number }): string {
  return `/bons-plans/offer/${ticketingSlugId({ slug, id: offerID })}`;
}
