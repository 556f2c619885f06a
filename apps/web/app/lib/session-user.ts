import type { FacturationAddress } from '@guichet/contracts';

/** The logged-in user as pages see it (decoded from the access token on the server). */
export type SessionUser = {
  id: number;
  firstname: string;
  loggedIn: true;
  /** Known once the full account was fetched; null when the user has none yet. */
  facturationAddress?: FacturationAddress | null;
};

/** Where logged-out visitors log in (the header's Connexion link). */
export const LOGIN_PATH = '/auth/login';
