/**
 * The scanner's resource routes pass the phone's requests on to the API with the organiser's cookie session
 * (the browser never holds a token), through the pro site's one API helper and its failure policy: the API's
 * answer as JSON with its status; out of reach, its 503 answer; a session the API no longer takes, a 401 the
 * page turns into « Reconnectez-vous » (a phone at the door must not be sent to a login page mid-scan).
 */
import { DoorScopeParams, type Endpoint, type EndpointAnswer, type ErrorAnswer } from '@guichet/contracts';
import type { Unavailable } from '@guichet/ui/form-failure';
import { data } from 'react-router';
import type { z } from 'zod';
import { DOOR_PATH_KINDS, isDoorPathKind } from './paths';

export const SIGN_IN_AGAIN = 'Reconnectez-vous pour continuer le contrôle.';

/** The scope in a door path (`billetteries/12`), as the API's parameters; anything else is not found. */
export function doorScopeParams(params: Record<string, string | undefined>): z.output<typeof DoorScopeParams> {
  if (!isDoorPathKind(params.scopeKind)) throw data(null, { status: 404 });
  const parsed = DoorScopeParams.safeParse({
    organizerId: params.organizerId,
    scopeKind: DOOR_PATH_KINDS[params.scopeKind].api,
    scopeId: params.scopeId,
  });
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** A refusal of the pro site itself (a batch that cannot be read), in the API's shape. */
export function refusal(status: 400 | 404, message: string): Response {
  const body: ErrorAnswer = { statusCode: status, code: status === 400 ? 'BAD_REQUEST' : 'NOT_FOUND', message };
  return Response.json(body, { status, headers: NO_STORE });
}

/** The API's answer for the phone: its body as JSON and its status; a 401 says to sign in again. */
export function jsonAnswer<E extends Endpoint>(answer: EndpointAnswer<E> | Unavailable): Response {
  if (answer.status === 401) {
    const body: ErrorAnswer = { statusCode: 401, code: 'AUTHENTICATION_REQUIRED', message: SIGN_IN_AGAIN };
    return Response.json(body, { status: 401, headers: NO_STORE });
  }
  return Response.json(answer.body ?? null, { status: answer.status, headers: NO_STORE });
}
