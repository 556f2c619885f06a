/**
 * The catalogue's API calls for pages: an API that cannot be reached becomes the 502 « Service indisponible »
 * page (never a stack trace), an API 404 the page's 404.
 */
import {
  ApiUnavailableError,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  getTicketing,
  type TicketingDetail,
} from '@guichet/contracts';
import { data } from 'react-router';
import { notFound } from '../route-params';
import { apiFor } from './api.server';

/** Ends the request with the 502 error page. */
export function serviceUnavailable(): never {
  throw data(null, { status: 502 });
}

/** Calls the API for this request; an unreachable API (or an unexpected answer) gives the 502 page. */
export async function callApi<E extends Endpoint>(
  request: Request,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointAnswer<E>> {
  try {
    return await apiFor(request).call(endpoint, input);
  } catch (error) {
    if (error instanceof ApiUnavailableError) {
      console.error(`${error.message} (${new URL(request.url).pathname})`);
      serviceUnavailable();
    }
    throw error;
  }
}

type Ok<E extends Endpoint> = Extract<EndpointAnswer<E>, { status: 200 }>['body'];

/**
 * The body of a 200 answer. A 404 is the page's 404; a 400 too, since only a hand-made URL (a forged
 * cursor, a letter that is not one) makes the API refuse what the page asks; anything else is a 502.
 */
export async function fetchOk<E extends Endpoint>(
  request: Request,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<Ok<E>> {
  const answer = await callApi(request, endpoint, input);
  if (answer.status === 200) return answer.body as Ok<E>;
  if (answer.status === 404 || answer.status === 400) notFound(request);
  console.error(`Réponse ${answer.status} de ${endpoint.method} ${endpoint.path} (${new URL(request.url).pathname})`);
  return serviceUnavailable();
}

/** A ticketing's page data, or the 404 page. */
export function loadTicketing(request: Request, ticketingID: number): Promise<TicketingDetail> {
  return fetchOk(request, getTicketing, { params: { ticketingID: String(ticketingID) } });
}
