/**
 * What the root loader (root.tsx) gives every page, typed here so that the hooks and the frame reading it
 * need not import the root route (which imports them: that was a cycle).
 */
import type { NotificationLink, NotificationState } from '@guichet/domain';
import type { PublicEnv } from './public-env';
import type { SessionUser } from './session-user';

/** A notice an action leaves for the next page (a cookie the root loader reads once), shown as a notification. */
export type ServerNotice = { id: string; message: string; state: NotificationState; link?: NotificationLink };

export type RootData = {
  env: PublicEnv;
  user: SessionUser | null;
  cartCount: number;
  /** The cart's lines the last login brought from the account (the cart page and modal say so). */
  cartFromAccount: number[];
  notice: ServerNotice | null;
  /** The instant cards are dated from (running, over): the same on the server and at hydration. */
  now: number;
};
