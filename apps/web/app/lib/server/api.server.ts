/**
 * The web server's API client for one incoming request, carrying that visitor's address (for per-visitor
 * throttling) and, when given, their access token: never a module-level client holding a user's token,
 * which under SSR would leak one visitor's session into another's page.
 */
import { createApiClient } from '@guichet/contracts';
import type { RouterContextProvider } from 'react-router';
import { serverEnv } from './env.server';
import { getSession, visitorAddress } from './session.server';

/** A client for public calls, or for calls made with the given access token. */
export function apiFor(request: Request, accessToken?: string | null) {
  return createApiClient({
    baseUrl: serverEnv.API_URL,
    accessToken: accessToken ?? undefined,
    forwardedFor: visitorAddress(request),
    requestId: request.headers.get('x-request-id') ?? undefined,
  });
}

/** A client carrying the logged-in visitor's access token (resolved by the root middleware). */
export function sessionApi(request: Request, context: Readonly<RouterContextProvider>) {
  return apiFor(request, getSession(context).accessToken);
}
