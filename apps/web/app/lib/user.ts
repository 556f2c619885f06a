/** The logged-in user as pages see it (decoded from the access token on the server). */
export type SessionUser = {
  id: number;
  firstname: string;
  loggedIn: true;
};
