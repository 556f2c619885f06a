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
import { data, type RouterContextProvider, redirect } from 'react-router';
import { serverEnv } from './env.server';
import { getProSession, visitorAddress } from './session.server';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'Le service est momentanément indisponible. Réessayez dans quelques instants.';

/** An API that cannot answer, as actions see it: a failure like any other, with its French message. */
export type Unavailable = { status: 503; body: ErrorAnswer & { code: 'SERVICE_UNAVAILABLE' } };

const UNAVAILABLE: Unavailable = {
  status: 503,
  body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
};

/** A 2xx answer's body. */
type Ok<E extends Endpoint> = Extract<EndpointAnswer<E>, { status: 200 | 201 | 202 | 204 }>['body'];

/** The login page, coming back to this request's page after it. */
export function toLogin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`${PRO_PATHS.login}?retour=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The API for this request: with the organiser's token when the router context is given. */
export function proApiFor(request: Request, context?: Readonly<RouterContextProvider> | null) {
  const client = createApiClient({
    baseUrl: serverEnv.API_URL,
    accessToken: context ? (getProSession(context).accessToken ?? undefined) : undefined,
    forwardedFor: visitorAddress(request),
    requestId: request.headers.get('x-request-id') ?? undefined,
  });
  return {
    /** For actions: the API's answer; unreachable (or off its contract) is a 503 answer, never a throw. */
    async send<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointAnswer<E> | Unavailable> {
      try {
        return await client.call(endpoint, input);
      } catch (error) {
        if (!(error instanceof ApiUnavailableError)) throw error;
        console.error(`${error.message} (${request.method} ${new URL(request.url).pathname})`);
        return UNAVAILABLE;
      }
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
    async download<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<FileAnswer<E> | Unavailable> {
      try {
        return await client.callForFile(endpoint, input);
      } catch (error) {
        if (!(error instanceof ApiUnavailableError)) throw error;
        console.error(`${error.message} (${request.method} ${new URL(request.url).pathname})`);
        return UNAVAILABLE;
      }
    },
  };
}

/** Signs an organiser in: the tokens, or the API's refusal (401 wrong credentials, 429, 503…). */
export function proLogin(request: Request, credentials: LoginCredentials) {
  return proApiFor(request).send(proLoginEndpoint, { body: credentials });
}
