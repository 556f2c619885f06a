/** What every ticketing page's loader needs: the ticketing of the path, read from the API. */
import {
  getProTicketing,
  listProVenues,
  OrganizerParams,
  type ProTicketing,
  searchProPerformers,
  TICKETING_NOT_FOUND_MESSAGE,
  TicketingParams,
} from '@guichet/contracts';
import { data, type RouterContextProvider } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { venueOptionValue } from './ticketing-fields';
import type { PerformerOption, VenueOption } from './ticketing-form';

const notFound = (message: string) => data({ statusCode: 404, code: 'NOT_FOUND', message }, { status: 404 });

/** The path's ids as the API's paths take them; an id that cannot be one (« abc », 0) is a 404 page. */
export function ticketingParamsOf(params: { organizerId: string; ticketingId: string }) {
  const parsed = TicketingParams.safeParse(params);
  if (!parsed.success) throw notFound(TICKETING_NOT_FOUND_MESSAGE);
  return parsed.data;
}

export function organizerParamsOf(params: { organizerId: string }) {
  const parsed = OrganizerParams.safeParse(params);
  if (!parsed.success) throw notFound('Organisateur introuvable.');
  return parsed.data;
}

/**
 * The ticketing of the path, or the API's failure as this page's error: its 404 (another organiser's id too)
 * is this site's 404 page; a malformed id (400) is one as well.
 */
export async function loadTicketing(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { organizerId: string; ticketingId: string },
): Promise<ProTicketing> {
  const answer = await proApiFor(request, context).send(getProTicketing, { params: ticketingParamsOf(params) });
  if (answer.status === 200) return answer.body;
  throw data(answer.body, { status: answer.status === 400 ? 404 : answer.status });
}

/**
 * What the ticketing form offers to pick: the known places (each option carries the place, see
 * venueOptionValue) and the performers — those already picked, then those the search (`?artiste=`) found.
 * A failing search leaves the lists short, never the page down.
 */
export async function formChoices(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: { organizerId: string },
  picked: readonly { id: number; name: string }[],
) {
  const api = proApiFor(request, context);
  const params = organizerParamsOf(path);
  const typed = new URL(request.url).searchParams.get('artiste')?.slice(0, 100).trim() ?? '';
  const [venues, found] = await Promise.all([
    api.send(listProVenues, { params, query: {} }),
    typed ? api.send(searchProPerformers, { params, query: { q: typed } }) : null,
  ]);
  const pickedIds = new Set(picked.map((performer) => performer.id));
  const performers: PerformerOption[] = [
    ...picked.map((performer) => ({ ...performer, picked: true })),
    ...(found?.status === 200 ? found.body.items : [])
      .filter((performer) => !pickedIds.has(performer.id))
      .map((performer) => ({ id: performer.id, name: `${performer.name} (${performer.genre})`, picked: false })),
  ];
  const venueOptions: VenueOption[] = (venues.status === 200 ? venues.body.items : []).map((venue) => ({
    value: venueOptionValue(venue),
    label: `${venue.name}, ${venue.city}`,
  }));
  return { venues: venueOptions, performers, performerQuery: typed };
}
