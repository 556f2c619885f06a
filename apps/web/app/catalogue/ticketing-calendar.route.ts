import { getTicketing } from '@guichet/contracts';
import { buildIcsCalendar, formatAddress, parseTicketingId, ticketingPath, ticketingSlugId } from '@guichet/domain';
import { apiFor, plainText, unavailableText } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/ticketing-calendar.route';

const NOT_FOUND_TEXT = 'Billetterie introuvable.';

/** « Ajouter à mon agenda »: the ticketing as an iCalendar file (.ics) that calendar applications import. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const ticketingID = parseTicketingId(params.ticketingID);
  if (ticketingID === null) return plainText(404, NOT_FOUND_TEXT);
  const answer = await apiFor(request).send(getTicketing, { params: { ticketingID } });
  if (answer.status === 503) return unavailableText();
  if (answer.status !== 200) return plainText(404, NOT_FOUND_TEXT);
  const ticketing = answer.body;
  const ics = buildIcsCalendar({
    // Stable for the event: importing the file again updates the first copy.
    uid: `billetterie-${ticketing.id}@${new URL(serverEnv.SITE_URL).hostname}`,
    stamp: new Date(),
    start: ticketing.startsAt,
    end: ticketing.endsAt,
    summary: ticketing.title,
    location: formatAddress(ticketing),
    description: ticketing.summary,
    url: `${serverEnv.SITE_URL}${ticketingPath(ticketing)}`,
    cancelled: ticketing.status === 'CANCELLED',
    // Raised by each postponement, and once more by a cancellation: a calendar takes an import whose SEQUENCE
    // is higher than the copy it has as the newer version of the event (RFC 5545).
    sequence: ticketing.scheduleRevision + (ticketing.status === 'CANCELLED' ? 1 : 0),
  });
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ticketingSlugId(ticketing)}.ics"`,
      'Cache-Control': 'public, max-age=300',
    },
  });
}
