/** An artist's page (a ticketing's is `ticketingPath`, a deal's `offerPath`, both in @guichet/domain). */

/** An artist's page: '/artistes/12' (the route takes the number only). */
export function performerPath({ id }: { id: number }): string {
  return `/artistes/${id}`;
}
