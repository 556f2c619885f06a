/**
 * Who is signed in to the pro site, asked of the API once per request (GET /pro/me): every organiser's page needs
 * it, and it says for which organisers the person works and with which role.
 */
import { getProMe, type ProMe } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { proApiFor } from './api.server';
import { getProSession } from './session.server';

/** The signed-in person, or a redirect to the login page (coming back here after it). */
export async function requireProMe(request: Request, context: Readonly<RouterContextProvider>): Promise<ProMe> {
  const url = new URL(request.url);
  const toLogin = () => redirect(`${PRO_PATHS.login}?retour=${encodeURIComponent(url.pathname + url.search)}`);
  if (!getProSession(context).signedIn) throw toLogin();
  const answer = await proApiFor(request, context).send(getProMe, {});
  if (answer.status === 200) return answer.body;
  if (answer.status === 401) throw toLogin();
  throw data(answer.body, { status: answer.status });
}
