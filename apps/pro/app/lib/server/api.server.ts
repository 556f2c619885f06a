/**
 * The pro site's door to the API: one client per request (the organiser's token, the visitor's address, the
 * request id), never a module-level client holding a token. An API out of reach comes back as a 503 answer
 * with code SERVICE_UNAVAILABLE, so a form says so and keeps what was typed.
 */
import {
  ApiUnavailableError,
  createApiClient,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type ErrorAnswer,
  type FileAnswer,
  type LoginCredentials,
  proLogin as proLoginEndpoint,
} from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { SERVICE_UNAVAILABLE_MESSAGE, type Unavailable } from '@guichet/ui/form-failure';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { serverEnv } from './env.server';
import { getProSession, visitorAddress } from './session.server';

const UNAVAILABLE: Unavailable = {
  status: 503,
  body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
};

/** A 2xx answer's body. */
type Ok<E extends Endpoint> = Extract<EndpointAnswer<E>, { status: 200 | 201 | 202 | 204 }>['body'];

/** The login page's address, coming back to this request's page once signed in. */
export function loginPathBack(request: Request): string {
  const url = new URL(request.url);
  return `${PRO_PATHS.login}?retour=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The redirect to the login page, coming back to this request's page after it. */
export const toLogin = (request: Request): Response => redirect(loginPathBack(request));

/** The API for this request: with the organiser's token when the router context is given. */
export function proApiFor(request: Request, context?: Readonly<RouterContextProvider> | null) {
  const client = createApiClient({
    baseUrl: serverEnv.API_URL,
    accessToken: context ? (getProSession(context).accessToken ?? undefined) : undefined,
    forwardedFor: visitorAddress(request),
    requestId: request.headers.get('x-request-id') ?? undefined,
  });
  /** An API out of reach (or off its contract) becomes the 503 answer; any other error is a bug and throws. */
  async function guarded<A>(call: () => Promise<A>, stoppedHere = () => false): Promise<A | Unavailable> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiUnavailableError)) throw error;
      // A body this server stopped itself (an upload beyond its limit) is not the API failing.
      if (!stoppedHere()) console.error(`${error.message} (${request.method} ${new URL(request.url).pathname})`);
      return UNAVAILABLE;
    }
  }
  return {
    /** For actions: the API's answer; unreachable (or off its contract) is a 503 answer, never a throw. */
    send<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointAnswer<E> | Unavailable> {
      return guarded(() => client.call(endpoint, input));
    },
    /**
     * For an upload: the body streamed on to the API as it arrives, with the same failure policy; `stopped`
     * says whether the caller cut the body off itself (then the failure is its own, not logged).
     */
    sendRaw<E extends Endpoint>(
      endpoint: E,
      input: EndpointInput<E>,
      raw: { body: ReadableStream<Uint8Array>; contentType: string; stopped?: () => boolean },
    ): Promise<EndpointAnswer<E> | Unavailable> {
      const { stopped, ...sent } = raw;
      return guarded(() => client.callWithRawBody(endpoint, input, sent), stopped);
    },

    /**
     * For page loads that need the body: a 401 (the token no longer accepted) is the login page; any other
     * failure is the page of its status (the API's 404 of another organiser's id, a scanner's 403, a 503).
     */
    async loadData<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<Ok<E>> {
      const answer = await this.send(endpoint, input);
      if (answer.status >= 200 && answer.status < 300) return answer.body as Ok<E>;
      if (answer.status === 401) throw toLogin(request);
      throw data(answer.body as ErrorAnswer, { status: answer.status });
    },

    /** For resource routes passing a file on (the CSV exports): a 200 is the API's response, its body not read. */
    download<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<FileAnswer<E> | Unavailable> {
      return guarded(() => client.callForFile(endpoint, input));
    },
  };
}

/**
 * For loaders: the 2xx answer's body; any refusal becomes the French error page of its status (the API's 404
 * for an organiser the person does not work for, 403 for a role that may not…), decided on the status only.
 */
export async function loadFrom<E extends Endpoint>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  endpoint: E,
  input: EndpointInput<E>,
) {
  const answer = await proApiFor(request, context).send(endpoint, input);
  if (answer.status >= 200 && answer.status < 300) return answer as Extract<typeof answer, { status: 200 | 201 }>;
  throw data(answer.body, { status: answer.status });
}

/** Signs an organiser in: the tokens, or the API's refusal (401 wrong credentials, 429, 503…). */
export function proLogin(request: Request, credentials: LoginCredentials) {
  return proApiFor(request).send(proLoginEndpoint, { body: credentials });
}
