import type { z } from 'zod';
import { ErrorAnswer } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, written once: the API registers it (validation + OpenAPI) and the web's client
 * derives its request and answer types from it. `path` uses Fastify's `:param` syntax.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  headers?: z.ZodObject;
  responses: Readonly<Record<number, z.ZodType>>;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * What a caller passes: only the parts the endpoint declares. Path parameters are passed as the API reads
 * them (a `pathId` as the RowId number the caller holds, never its digits): the client writes them into
 * the path, and the API reads them back as the same type.
 */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodObject
  ? { params: z.output<E['params']> }
  : unknown) &
  (E['query'] extends z.ZodObject ? { query: Input<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : unknown) &
  // Headers the endpoint declares (a public token…), sent beside the client's own.
  (E['headers'] extends z.ZodObject ? { headers?: Input<E['headers']> } : unknown);

/**
 * Answers any endpoint may give, declared or not: a token the API no longer accepts (401: the sessions were
 * ended elsewhere) and too many attempts (429, with the delay in its French message). Callers get them as
 * data, like the endpoint's own answers, never as an outage.
 */
export const ANSWERS_OF_EVERY_ENDPOINT = { 401: ErrorAnswer, 429: ErrorAnswer } as const;
export type AnswerOfEveryEndpoint = { status: keyof typeof ANSWERS_OF_EVERY_ENDPOINT; body: ErrorAnswer };

/** A typed answer: the status tells which schema the body follows. */
export type EndpointAnswer<E extends Endpoint> =
  | {
      [S in keyof E['responses'] & number]: { status: S; body: z.output<E['responses'][S]> };
    }[keyof E['responses'] & number]
  | AnswerOfEveryEndpoint;
