/**
 * The web's one door to the API. Every loader, action and resource route calls the API through `apiFor`,
 * which builds the client for this request (the visitor's address for per-visitor throttling, the request
 * id so one visit can be followed in both logs, and — with the router context — the visitor's access
 * token), and applies one failure policy:
 *
 * - `load` (page loads): an API that is unreachable or answers 5xx or something unexpected ends the request
 *   with the French 503 « Service indisponible » page; every other answer is the route's to decide on.
 * - `loadData` (page loads that need a 2xx body): any 4xx is the page of that status (a 404 the not-found
 *   page, a refused hand-made query a 400).
 * - `send` (actions, resource routes and best-effort calls): never throws for an unreachable API; it comes back as a 503
 *   answer with code SERVICE_UNAVAILABLE, so a form shows its French message as an alert and keeps what
 *   was typed.
 *
 * Two answers any endpoint may give are decided here, once, for every call (the contracts' client hands them
 * over as data, declared or not):
 *
 * - 401 to the visitor's token, or « authentication required »: the API no longer accepts the session (its
 *   sessions were ended elsewhere, a password changed) — the session ends and the visitor goes to the
 *   login page, which brings them back (`onSessionRefused: 'logout'` only logs out, for calls made on every
 *   page). A 401 of the login form itself (wrong password) stays the form's.
 * - 429, too many attempts: a page load is the 429 page with the API's French message and its delay; an
 *   action gets the answer like any refusal, and its form says the message above the fields, what was
 *   typed kept.
 *
 * Never a module-level client: under SSR a shared client holding a token would leak one visitor's session
 * into another's page.
 */
import {
  type AnswerOfEveryEndpoint,
  ApiUnavailableError,
  createApiClient,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type ErrorAnswer,
  type FileAnswer,
} from '@guichet/contracts';
import { SERVICE_UNAVAILABLE_MESSAGE, type Unavailable } from '@guichet/ui/form-failure';
import { data, type RouterContextProvider } from 'react-router';
import { notFound } from '../route-params';
import { serverEnv } from './env.server';
import { loginRedirect } from './guards.server';
import { getSession, visitorAddress } from './session.server';

const UNAVAILABLE: Unavailable = {
  status: 503,
  body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
};

const RETRY_AFTER = { 'Retry-After': '30' };

/** Page loads that fail because of the API: the 503 page, asked to come back a little later. */
function serviceUnavailable(): never {
  throw data(SERVICE_UNAVAILABLE_MESSAGE, { status: 503, headers: RETRY_AFTER });
}

/** Page loads the API refuses for too many attempts: the 429 page, with the API's message and its delay. */
export function tooManyAttempts(failure: ErrorAnswer): never {
  throw data(failure.message, { status: 429 });
}

/** Resource routes (a calendar file, the site map) that fail because of the API: a plain French 503. */
export function plainText(status: number, text: string, headers: HeadersInit = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}

export const unavailableText = () => plainText(503, SERVICE_UNAVAILABLE_MESSAGE, RETRY_AFTER);

type Ok<E extends Endpoint> = Extract<EndpointAnswer<E>, { status: 200 | 201 | 202 | 204 }>['body'];

export type ApiDoorOptions = {
  /** A 401 to the visitor's token: 'login' ends the session and goes to the login page; 'logout' only ends it. */
  onSessionRefused?: 'login' | 'logout';
  /** Tests only: where the API is. */
  baseUrl?: string;
};

/**
 * The API for this request: as a guest without `context`, with the visitor's session (token sent, 401
 * ending the session) when the router context is given.
 */
export function apiFor(
  request: Request,
  context?: Readonly<RouterContextProvider> | null,
  options: ApiDoorOptions = {},
) {
  const session = context ? getSession(context) : null;
  const accessToken = session?.accessToken ?? undefined;
  const client = createApiClient({
    baseUrl: options.baseUrl ?? serverEnv.API_URL,
    accessToken,
    forwardedFor: visitorAddress(request),
    requestId: request.headers.get('x-request-id') ?? undefined,
  });
  const path = () => new URL(request.url).pathname;

  /** A 401 that ends the session: to the visitor's token, or one that says a session is needed. */
  async function sessionRefused(answer: AnswerOfEveryEndpoint | { status: number }): Promise<void> {
    if (answer.status !== 401) return;
    const code = 'body' in answer ? (answer.body as ErrorAnswer).code : null;
    if (!accessToken && code !== 'AUTHENTICATION_REQUIRED') return;
    await session?.destroy();
    if (options.onSessionRefused === 'logout') return;
    throw await loginRedirect(request);
  }

  /** The answer, or null when the API could not give one (logged once, with the page it was for). */
  async function attempt<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointAnswer<E> | null> {
    let answer: EndpointAnswer<E>;
    try {
      answer = await client.call(endpoint, input);
    } catch (error) {
      if (!(error instanceof ApiUnavailableError)) throw error;
      console.error(`${error.message} (${request.method} ${path()})`);
      return null;
    }
    await sessionRefused(answer);
    return answer;
  }

  return {
    /** For page loads: the API's answer, 4xx included; unreachable or 5xx gives the 503 page, 429 the 429 page. */
    async load<E extends Endpoint>(
      endpoint: E,
      input: EndpointInput<E>,
    ): Promise<Exclude<EndpointAnswer<E>, { status: 429 }>> {
      const answer = (await attempt(endpoint, input)) ?? serviceUnavailable();
      if (answer.status === 429) tooManyAttempts(answer.body as ErrorAnswer);
      return answer as Exclude<EndpointAnswer<E>, { status: 429 }>;
    },

    /** For page loads that need the data: a 2xx body; a 404 is the not-found page, any other 4xx its own page. */
    async loadData<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<Ok<E>> {
      const answer = await this.load(endpoint, input);
      if (answer.status >= 200 && answer.status < 300) return answer.body as Ok<E>;
      if (answer.status === 404) notFound(request);
      const failure = answer.body as ErrorAnswer;
      throw data(failure.message, { status: answer.status });
    },

    /**
     * For resource routes passing a file on (the PDFs): a 200 is the API's response, its body not read yet;
     * any other answer as `send` gives it (unreachable is a 503 answer, never a throw).
     */
    async download<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<FileAnswer<E> | Unavailable> {
      let answer: FileAnswer<E>;
      try {
        answer = await client.callForFile(endpoint, input);
      } catch (error) {
        if (!(error instanceof ApiUnavailableError)) throw error;
        console.error(`${error.message} (${request.method} ${path()})`);
        return UNAVAILABLE;
      }
      await sessionRefused(answer);
      return answer;
    },

    /** For actions and calls that must not break the page: unreachable is a 503 answer, never a throw. */
    async send<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointAnswer<E> | Unavailable> {
      return (await attempt(endpoint, input)) ?? UNAVAILABLE;
    },
  };
}

export type ApiDoor = ReturnType<typeof apiFor>;
