/**
 * Logout (POST only): the API revokes the session's refresh token and its family, the session's cookies are
 * cleared, and the visitor lands on the home page with a notice. A GET never logs out (a link, a prefetch
 * or another site's image must not end a session): it answers 405.
 */
import { logout } from '@guichet/contracts';
import { HOME_LINK } from '@guichet/domain';
import { data } from 'react-router';
import { clearCart, writeFromAccount } from '../cart/cart-cookie.server';
import { apiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { getSession } from '../lib/server/session.server';
import type { Route } from './+types/logout.route';

const LOGGED_OUT_MESSAGE = 'Vous êtes déconnecté.';

export function loader() {
  throw data('Méthode non autorisée : la déconnexion se fait par un formulaire (POST).', {
    status: 405,
    headers: { Allow: 'POST' },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  const refreshToken = session.currentRefreshToken;
  // An unreachable API does not keep anyone logged in: the cookies are cleared all the same, and the
  // refresh token expires on its own.
  if (refreshToken) await apiFor(request).send(logout, { body: { refreshToken } });
  await session.destroy();
  // The device forgets the cart: it stays with the account and comes back at the next login.
  const response = await redirectWithNotice(HOME_LINK, LOGGED_OUT_MESSAGE, 'success');
  response.headers.append('Set-Cookie', await clearCart());
  response.headers.append('Set-Cookie', await writeFromAccount([]));
  return response;
}
