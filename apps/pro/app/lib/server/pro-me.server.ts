/**
 * Who is signed in to the pro site, asked of the API once per request (GET /pro/me): the header shows the
 * person, every organiser's page needs it, and it says for which organisers the person works and with which
 * role. The answer is kept for the request (by its session and token), so the root's loader and a page's
 * loader running side by side ask once.
 */
import { type EndpointAnswer, getProMe, type ProMe } from '@guichet/contracts';
import type { Unavailable } from '@guichet/ui/form-failure';
import { data, type RouterContextProvider } from 'react-router';
import { organizerPath } from '../pro-paths';
import { proApiFor, toLogin } from './api.server';

import { getProSession, type ProSession } from './session.server';

type MeAnswer = EndpointAnswer<typeof getProMe> | Unavailable;
const asked = new WeakMap<ProSession, { token: string; answer: Promise<MeAnswer> }>();

/** GET /pro/me for this request's session, asked at most once per token; null when signed out. */
function askMe(request: Request, context: Readonly<RouterContextProvider>): Promise<MeAnswer> | null {
  const session = getProSession(context);
  const token = session.accessToken;
  if (!token) return null;
  const known = asked.get(session);
  if (known?.token === token) return known.answer;
  const answer = proApiFor(request, context).send(getProMe, {});
  asked.set(session, { token, answer });
  return answer;
}

/** The header's person: their name, or null when signed out (or the API cannot say now). */
export async function signedInPerson(request: Request, context: Readonly<RouterContextProvider>) {
  const answer = await askMe(request, context);
  if (answer?.status !== 200) return null;
  const { firstname, lastname, platformAdmin } = answer.body.user;
  return { firstname, lastname, platformAdmin };
}

/** The signed-in person, or a redirect to the login page (coming back here after it). */
export async function requireProMe(request: Request, context: Readonly<RouterContextProvider>): Promise<ProMe> {
  const answer = await askMe(request, context);
  if (!answer || answer.status === 401) throw toLogin(request);
  if (answer.status === 200) return answer.body;
  throw data(answer.body, { status: answer.status });
}

/**
 * The signed-in platform administrator, for the back office's pages. Anyone else — signed out, an organiser, a
 * scanner — gets the 404 of a page that does not exist, as the API answers its /pro/admin routes: the back office
 * is not even confirmed to be there (docs/decisions/0067).
 */
export async function requirePlatformAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<ProMe> {
  const answer = await askMe(request, context);
  if (answer?.status === 200 && answer.body.user.platformAdmin) return answer.body;
  if (answer && answer.status !== 200 && answer.status !== 401) throw data(answer.body, { status: answer.status });
  throw data(null, { status: 404 });
}

/** The first organiser's dashboard of the signed-in person, or null (signed out, or working for none yet). */
export async function firstOrganizerHome(request: Request, context: Readonly<RouterContextProvider>) {
  const answer = await askMe(request, context);
  const first = answer?.status === 200 ? answer.body.organizers[0] : undefined;
  return first ? organizerPath(first.id) : null;
}
