import { proLogout } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { redirect } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { redirectWithNotice } from '../lib/server/notice.server';
import { getProSession } from '../lib/server/session.server';
import type { Route } from './+types/logout.route';

/**
 * The header's « Déconnexion » (a POST form: a link could be followed by a prefetch): the refresh token is
 * revoked by the API, then the cookies are cleared whatever it answered — an API out of reach never keeps
 * someone signed in on this browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getProSession(context);
  if (session.refreshToken) {
    await proApiFor(request, context).send(proLogout, { body: { refreshToken: session.refreshToken } });
  }
  await session.destroy();
  throw await redirectWithNotice(PRO_PATHS.home, 'Vous êtes déconnecté de l’espace pro.', 'success');
}

/** GET /deconnexion changes nothing: back home. */
export function loader() {
  throw redirect(PRO_PATHS.home);
}
