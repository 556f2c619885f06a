/**
 * Who is signed in to the pro site, asked of the API once per request (GET /pro/me): every organiser's page needs
 * it, and it says for which organisers the person works and with which role.
 */
import { getProMe, type ProMe } from '@guichet/contracts';
import type { RouterContextProvider } from 'react-router';
import { proApiFor, toLogin } from './api.server';
import { getProSession } from './session.server';

/** The signed-in person, or a redirect to the login page (coming back here after it). */
export async function requireProMe(request: Request, context: Readonly<RouterContextProvider>): Promise<ProMe> {
  if (!getProSession(context).signedIn) throw toLogin(request);
  return proApiFor(request, context).loadData(getProMe, {});
}
