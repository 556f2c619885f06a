import { getAccount } from '@guichet/contracts';
import type { RouterContextProvider } from 'react-router';
import type { SessionUser } from '../session-user';
import { sessionApi } from './api.server';
import { getSession } from './session.server';

/**
 * The logged-in user given to every page: id and firstname decoded from the token, and — since the
 * token says nothing of it — the billing address from the full account (spec section 4: a user without
 * a billing address gets the full account fetched). A failed fetch keeps the decoded user.
 */
export async function currentUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  const session = getSession(context);
  if (!session.user) return null;
  try {
    const answer = await sessionApi(request, context).call(getAccount, { params: { id: session.user.id } });
    if (answer.status === 200) {
      return { ...session.user, firstname: answer.body.firstname, facturationAddress: answer.body.facturationAddress };
    }
    if (answer.status === 401) {
      // The API no longer accepts this token (account gone, secret rotated): log out silently.
      await session.destroy();
      return null;
    }
  } catch {
    // API unreachable: the page still shows who is logged in.
  }
  return session.user;
}
