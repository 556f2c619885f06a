/** The account pages' API calls, made with the visitor's token: a refused token ends the session. */
import type { Endpoint, EndpointAnswer, EndpointInput } from '@guichet/contracts';
import { data, type RouterContextProvider } from 'react-router';
import { sessionApi } from './api.server';
import { isApiUnavailable, sessionEnded } from './guards.server';

/**
 * Calls the API for the logged-in visitor. 401 (token refused: account gone, session revoked) logs out
 * silently and goes to the login page, which comes back here; an unreachable API is the spec's 502
 * « Service indisponible » error page. Every other answer is the caller's.
 */
export async function callForAccount<E extends Endpoint>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointAnswer<E>> {
  let answer: EndpointAnswer<E>;
  try {
    answer = await sessionApi(request, context).call(endpoint, input);
  } catch (error) {
    if (isApiUnavailable(error)) throw data('Service indisponible', { status: 502 });
    throw error;
  }
  if (answer.status === 401) await sessionEnded(request, context);
  return answer;
}
