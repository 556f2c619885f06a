/**
 * What the root loader (root.tsx) gives every page, typed here so that the hooks and the frame reading it
 * need not import the root route (which imports them: that was a cycle).
 */
import type { ServerNotice } from '@guichet/ui/notifications';
import type { PublicEnv } from './public-env';
import type { SessionUser } from './session-user';

export type { ServerNotice };

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
