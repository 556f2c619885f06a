/**
 * The web server's API client for one incoming request (`apiFor(request)`), carrying that visitor's token
 * and address: never a module-level client holding a user's token, which under SSR would leak one
 * visitor's session into another's page.
 */
import { createApiClient } from '@guichet/contracts';
import { serverEnv } from './env.server';

/** The client for one incoming request to the web server. */
export function apiFor(request: Request, accessToken?: string) {
  return createApiClient({
    baseUrl: serverEnv.API_URL,
    accessToken,
    forwardedFor: request.headers.get('x-forwarded-for') ?? undefined,
    requestId: request.headers.get('x-request-id') ?? undefined,
  });
}
