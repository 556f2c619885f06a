import { getAccount } from '@guichet/contracts';
import type { RouterContextProvider } from 'react-router';
import type { SessionUser } from '../session-user';
import { apiFor } from './api.server';
import { getSession } from './session.server';

/**
 * The logged-in user given to every page: id and firstname decoded from the token, and — since the
 * token says nothing of it — the billing address from the full account (spec section 4: a user without
 * a billing address gets the full account fetched). A token the API refuses logs out silently (spec
 * section 8) and the page goes on for a guest; an unreachable API keeps the decoded user.
 */
export async function currentUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  const session = getSession(context);
  if (!session.user) return null;
  const answer = await apiFor(request, context, { onSessionRefused: 'logout' }).send(getAccount, {
    params: { id: session.user.id },
  });
  if (answer.status === 200) {
    return { ...session.user, firstname: answer.body.firstname, facturationAddress: answer.body.facturationAddress };
  }
  return session.user;
}
